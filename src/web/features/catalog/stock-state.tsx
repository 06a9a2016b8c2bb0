import { useTranslation } from '../../../client/lib/i18n.ts';

/** At or below this many left, the shopper is told how few remain. */
const LOW_STOCK = 5;

export function StockState({ quantity }: { quantity: number }) {
  const { t } = useTranslation();
  if (quantity <= 0) return <p className="text-sm font-semibold text-red-700">{t('Out of stock')}</p>;
  if (quantity <= LOW_STOCK) return <p className="text-sm font-semibold text-amber-800">{t({ other: 'Only {{count}} left' }, { count: quantity })}</p>;
  return <p className="text-sm font-semibold text-green-700">{t('In stock')}</p>;
}
