import { useId } from 'react';
import type { SortType } from '../../../shared/catalog.contract.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';

interface SortSelectProps {
  value: SortType | undefined;
  /** The page's own order when none is chosen; without one the list starts with "Recommended". */
  defaultSort?: SortType;
  onChange(value: SortType | undefined): void;
}

export function SortSelect({ value, defaultSort, onChange }: SortSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  // Spelled out (not looked up from a map) so the i18n test sees every key.
  const labels: Record<SortType, string> = {
    top_selling: t('Top Selling'),
    popular_product: t('Popular'),
    newest: t('Newest'),
    just_for_you: t('Just For You'),
    high_to_low: t('Price: High to Low'),
    low_to_high: t('Price: Low to High'),
  };
  // Without a page order of its own, a listing starts with "Recommended", the server's order that
  // Just For You also asks for: one option for both.
  const recommended = !defaultSort;
  const sorts = (Object.keys(labels) as SortType[]).filter((sort) => !recommended || sort !== 'just_for_you');
  const selected = recommended && value === 'just_for_you' ? '' : (value ?? defaultSort ?? '');
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-slate-700">
        {t('Sort by')}
      </label>
      <select
        id={id}
        value={selected}
        onChange={(event) => {
          const next = (event.target.value || undefined) as SortType | undefined;
          onChange(next === defaultSort ? undefined : next);
        }}
        className="h-10 rounded-md border border-slate-300 bg-white ps-3 pe-8 text-sm text-slate-800 focus:border-primary-700 focus:outline-2 focus:-outline-offset-1 focus:outline-primary-700"
      >
        {recommended && <option value="">{t('Recommended')}</option>}
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {labels[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
