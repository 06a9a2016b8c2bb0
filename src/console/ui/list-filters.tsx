import { useTranslation } from '../../client/lib/i18n.ts';
import { RecordOptions } from './form.tsx';

/** The store's staff narrow a list to one shop (a seller's people always see their own). */
export function ShopFilter({ shops, value, onChange, className }: { shops?: readonly { id: number; name: string }[]; value?: number; onChange(shopId: number | undefined): void; className: string }) {
  const { t } = useTranslation();
  return (
    <select aria-label={t('Shop')} value={value ?? ''} onChange={(event) => onChange(Number(event.target.value) || undefined)} className={className}>
      <option value="">{t('All shops')}</option>
      <RecordOptions records={shops} />
    </select>
  );
}
