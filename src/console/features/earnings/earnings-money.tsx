import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';

/** An amount of the store's default currency, as the console shows money. */
export const money = (amount: number) => formatNumber(amount, 2);

/** An available balance: below zero (refunds took more than the shop had) in red, with why. */
export function AvailableBalance({ amount }: { amount: number }) {
  const { t } = useTranslation();
  if (amount >= 0) return <>{money(amount)}</>;
  return (
    <span className="flex flex-col gap-1">
      <span className="font-semibold text-red-700">{money(amount)}</span>
      <span className="text-xs text-slate-700">{t('Refunds took more than the shop had earned: its next earnings make it up first.')}</span>
    </span>
  );
}
