import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { ProductFilters as ProductFacets } from '../../../shared/catalog.contract.ts';
import { CheckIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { useSettings } from '../settings/settings-store.ts';
import type { FilterKey, FilterValues } from './listing-params.ts';
import { RatingStars } from '../product-display/rating-stars.tsx';

/** The minimum-rating filter's name, on its button and on its chip. */
export const STARS_AND_UP = { one: '{{count}} star & up', other: '{{count}} stars & up' };

export type FilterChanges = Partial<Record<FilterKey, number | undefined>>;

interface ProductFiltersProps {
  /** The facets of the listing's scope; undefined until the first answer. */
  facets: ProductFacets | undefined;
  values: FilterValues;
  /** The Products page lets the shopper pick the category; other pages fix it. */
  categoryFilter: boolean;
  onChange(changes: FilterChanges): void;
}

const chipClass =
  'rounded-md border px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 border-slate-300 bg-white text-slate-700 hover:border-primary-700 aria-pressed:border-primary-700 aria-pressed:bg-primary-50 aria-pressed:text-primary-900';
const fieldClass =
  'h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 focus:border-primary-700 focus:outline-2 focus:-outline-offset-1 focus:outline-primary-700';

function FilterGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="border-t border-slate-200 py-4 first:border-t-0 first:pt-0">
      <h3 id={id} className="mb-3 text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </div>
  );
}

/** A single-choice filter value: pressing the chosen one again lifts the filter. */
function toggled(current: number | undefined, id: number) {
  return current === id ? undefined : id;
}

/** The filter panel of a product listing, built from the facets the listing answered with. */
export function ProductFilters({ facets, values, categoryFilter, onChange }: ProductFiltersProps) {
  const { t } = useTranslation();
  return (
    <div>
      {categoryFilter && <CategoryFilter values={values} onChange={onChange} />}
      {facets && facets.brands.length > 0 && (
        <FilterGroup title={t('Brand')}>
          <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto pe-1">
            {facets.brands.map((brand) => (
              <li key={brand.id}>
                <button
                  type="button"
                  aria-pressed={values.brand_id === brand.id}
                  onClick={() => onChange({ brand_id: toggled(values.brand_id, brand.id) })}
                  className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-start text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-700 aria-pressed:font-semibold aria-pressed:text-primary-900"
                >
                  <span className="flex size-4 shrink-0 items-center justify-center rounded border border-slate-400 bg-white">
                    {values.brand_id === brand.id && <CheckIcon className="size-3 text-primary-800" />}
                  </span>
                  <bdi>{brand.name}</bdi>
                </button>
              </li>
            ))}
          </ul>
        </FilterGroup>
      )}
      {facets && facets.colors.length > 0 && (
        <FilterGroup title={t('Color')}>
          <ul className="flex flex-wrap gap-2">
            {facets.colors.map((color) => (
              <li key={color.id}>
                <button
                  type="button"
                  aria-pressed={values.color_id === color.id}
                  aria-label={color.name}
                  title={color.name}
                  onClick={() => onChange({ color_id: toggled(values.color_id, color.id) })}
                  className="flex size-9 items-center justify-center rounded-full border-2 border-white ring-1 ring-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 aria-pressed:ring-2 aria-pressed:ring-primary-700"
                  style={{ backgroundColor: color.code }}
                >
                  {values.color_id === color.id && (
                    <CheckIcon className="size-4 rounded-full bg-white/90 p-0.5 text-slate-900" />
                  )}
                </button>
              </li>
            ))}
          </ul>
        </FilterGroup>
      )}
      {facets && facets.sizes.length > 0 && (
        <FilterGroup title={t('Size')}>
          <ul className="flex flex-wrap gap-2">
            {facets.sizes.map((size) => (
              <li key={size.id}>
                <button
                  type="button"
                  aria-pressed={values.size_id === size.id}
                  onClick={() => onChange({ size_id: toggled(values.size_id, size.id) })}
                  className={chipClass}
                >
                  {size.name}
                </button>
              </li>
            ))}
          </ul>
        </FilterGroup>
      )}
      <PriceFilter facets={facets} values={values} onChange={onChange} />
      <FilterGroup title={t('Rating')}>
        <ul className="flex flex-col gap-1">
          {[4, 3, 2, 1].map((rating) => (
            <li key={rating}>
              <button
                type="button"
                aria-pressed={values.rating === rating}
                aria-label={t(STARS_AND_UP, { count: rating })}
                onClick={() => onChange({ rating: toggled(values.rating, rating) })}
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-700 aria-pressed:bg-primary-50 aria-pressed:font-semibold aria-pressed:text-primary-900"
              >
                <RatingStars rating={rating} />
                <span aria-hidden="true">{t('& up')}</span>
              </button>
            </li>
          ))}
        </ul>
      </FilterGroup>
    </div>
  );
}

function CategoryFilter({ values, onChange }: { values: FilterValues; onChange(changes: FilterChanges): void }) {
  const { t } = useTranslation();
  const categories = useSettings((state) => state.categories);
  const categoryId = useId();
  const subCategoryId = useId();
  const category = categories.find((entry) => entry.id === values.category_id);
  if (categories.length === 0) return null;
  return (
    <FilterGroup title={t('Category')}>
      <div className="flex flex-col gap-3">
        <div>
          <label htmlFor={categoryId} className="sr-only">
            {t('Category')}
          </label>
          <select
            id={categoryId}
            value={values.category_id ?? ''}
            onChange={(event) =>
              onChange({ category_id: event.target.value ? Number(event.target.value) : undefined, sub_category_id: undefined })
            }
            className={fieldClass}
          >
            <option value="">{t('All categories')}</option>
            {categories.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name}
              </option>
            ))}
          </select>
        </div>
        {category && category.sub_categories.length > 0 && (
          <div>
            <label htmlFor={subCategoryId} className="mb-1 block text-xs text-slate-600">
              {t('Sub-category')}
            </label>
            <select
              id={subCategoryId}
              value={values.sub_category_id ?? ''}
              onChange={(event) => onChange({ sub_category_id: event.target.value ? Number(event.target.value) : undefined })}
              className={fieldClass}
            >
              <option value="">{t('All sub-categories')}</option>
              {category.sub_categories.map((sub) => (
                <option key={sub.id} value={sub.id}>
                  {sub.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
    </FilterGroup>
  );
}

const round2 = (value: number) => Math.round(value * 100) / 100;

interface PriceFilterProps {
  facets: ProductFacets | undefined;
  values: FilterValues;
  onChange(changes: FilterChanges): void;
}

/**
 * Min and max price, applied together by the Apply button. The shopper types amounts in the chosen
 * currency; the URL keeps them in the store's default currency, so a shared link means the same.
 */
function PriceFilter(props: PriceFilterProps) {
  const currency = useSettings((state) => state.selectedCurrency);
  const rate = currency?.rate_from_default || 1;
  const symbol = currency?.symbol ?? '$';
  // The typed text starts over whenever the applied range or the currency changes.
  const key = `${props.values.min_price}-${props.values.max_price}-${rate}`;
  return <PriceFields key={key} {...props} rate={rate} symbol={symbol} />;
}

function PriceFields({ facets, values, onChange, rate, symbol }: PriceFilterProps & { rate: number; symbol: string }) {
  const { t } = useTranslation();
  const shown = (amount: number | undefined) => (amount === undefined ? '' : String(round2(amount * rate)));
  const [min, setMin] = useState(shown(values.min_price));
  const [max, setMax] = useState(shown(values.max_price));
  const minId = useId();
  const maxId = useId();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parse = (text: string) => {
      const value = Number(text);
      return text.trim() === '' || !Number.isFinite(value) || value < 0 ? undefined : round2(value / rate);
    };
    let low = parse(min);
    let high = parse(max);
    if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low];
    onChange({ min_price: low, max_price: high });
  };

  const field = (id: string, label: string, value: string, set: (text: string) => void, placeholder: number | undefined) => (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-1 block text-xs text-slate-600">
        {label} ({symbol})
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        value={value}
        placeholder={placeholder === undefined ? undefined : shown(placeholder)}
        onChange={(event) => set(event.target.value)}
        className={fieldClass}
      />
    </div>
  );

  return (
    <FilterGroup title={t('Price')}>
      <form onSubmit={apply} className="flex flex-col gap-3">
        <div className="flex gap-2">
          {field(minId, t('Min'), min, setMin, facets?.min_price)}
          {field(maxId, t('Max'), max, setMax, facets?.max_price)}
        </div>
        <button
          type="submit"
          className="h-10 rounded-md bg-primary-700 text-sm font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
        >
          {t('Apply')}
        </button>
      </form>
    </FilterGroup>
  );
}
