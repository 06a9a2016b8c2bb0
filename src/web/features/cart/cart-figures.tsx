import { useShallow } from 'zustand/react/shallow';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { formatPrice } from '../../lib/price.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useCart } from './cart-store.ts';
import { useTaxLabel } from './use-tax-label.ts';

/** The checkout figures of the selected shops, as the last checkout answer gave them, the tax with its basis as checkout shows it. */
export function CartFigures() {
  const { t } = useTranslation();
  const currency = useSettings((state) => state.selectedCurrency);
  const figures = useCart(
    useShallow(({ total_amount, delivery_charge, order_tax_amount, taxable_amount, tax_rate, coupon_discount, payable_amount }) => ({
      total_amount,
      delivery_charge,
      order_tax_amount,
      taxable_amount,
      tax_rate,
      coupon_discount,
      payable_amount,
    })),
  );
  const taxLabel = useTaxLabel(figures);
  const rows = [
    { label: t('Subtotal'), amount: formatPrice(figures.total_amount, currency) },
    { label: t('Delivery Charge'), amount: formatPrice(figures.delivery_charge, currency) },
    { label: taxLabel, amount: formatPrice(figures.order_tax_amount, currency) },
    ...(figures.coupon_discount > 0 ? [{ label: t('Discount'), amount: `−${formatPrice(figures.coupon_discount, currency)}` }] : []),
  ];
  return (
    <dl data-testid="cart-figures" className="space-y-1 text-sm">
      {rows.map(({ label, amount }) => (
        <div key={label} className="flex justify-between gap-4 text-slate-700">
          <dt>{label}</dt>
          <dd>{amount}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 text-base font-semibold text-slate-900">
        <dt>{t('Total')}</dt>
        <dd>{formatPrice(figures.payable_amount, currency)}</dd>
      </div>
    </dl>
  );
}
