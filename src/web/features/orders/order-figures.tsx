import { useTranslation } from '../../../client/lib/i18n.ts';
import { formatPrice } from '../../lib/price.ts';
import { useSettings } from '../settings/settings-store.ts';
import type { OrderDetail } from '../../../shared/orders.contract.ts';

type Figures = Pick<OrderDetail, 'subtotal' | 'delivery_charge' | 'coupon_discount' | 'tax_amount' | 'payable_amount'>;

/** Sub Total, Delivery Charge, Coupon Discount, Tax and Payable Amount, as the checkout and an order show them. */
export function OrderFigures({ figures, className = '' }: { figures: Figures; className?: string }) {
  const { t } = useTranslation();
  const currency = useSettings((state) => state.selectedCurrency);
  const rows = [
    { label: t('Sub Total'), value: formatPrice(figures.subtotal, currency) },
    { label: t('Delivery Charge'), value: formatPrice(figures.delivery_charge, currency) },
    { label: t('Coupon Discount'), value: `${figures.coupon_discount > 0 ? '−' : ''}${formatPrice(figures.coupon_discount, currency)}` },
    { label: t('Tax'), value: formatPrice(figures.tax_amount, currency) },
  ];
  return (
    <dl className={`space-y-2 text-sm ${className}`}>
      {rows.map((row) => (
        <div key={row.label} className="flex items-center justify-between gap-4">
          <dt className="text-slate-600">{row.label}</dt>
          <dd className="font-medium text-slate-900">{row.value}</dd>
        </div>
      ))}
      <div className="flex items-center justify-between gap-4 border-t border-slate-200 pt-3 text-base">
        <dt className="font-semibold text-slate-900">{t('Payable Amount')}</dt>
        <dd data-testid="payable-amount" className="font-bold text-primary-800">
          {formatPrice(figures.payable_amount, currency)}
        </dd>
      </div>
    </dl>
  );
}
