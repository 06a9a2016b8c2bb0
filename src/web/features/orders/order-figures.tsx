import { useTranslation } from '../../../client/lib/i18n.ts';
import { formatPrice } from '../../lib/price.ts';
import { useSettings } from '../settings/settings-store.ts';
import type { OrderDetail } from '../../../shared/orders.contract.ts';
import { useTaxLabel, type TaxBasis } from '../cart/use-tax-label.ts';

type Figures = Pick<OrderDetail, 'subtotal' | 'delivery_charge' | 'coupon_discount' | 'tax_amount' | 'payable_amount'>;

/** What checkout says of delivery (decision 054): free delivery, and how far each shop is from it. */
export interface DeliveryBasis {
  free_delivery: boolean;
  /** Per shop whose delivery is not free yet: how much more in goods would make it free. */
  until_free_delivery: ReadonlyArray<{ shop: string; amount: number }>;
}

/** Sub Total, Delivery Charge, Coupon Discount, Tax and Payable Amount, as the checkout and an order show them, with what the tax was charged on; checkout adds delivery's basis. */
export function OrderFigures({ figures, taxBasis, delivery, className = '' }: { figures: Figures; taxBasis: TaxBasis; delivery?: DeliveryBasis; className?: string }) {
  const { t } = useTranslation();
  const currency = useSettings((state) => state.selectedCurrency);
  const taxLabel = useTaxLabel(taxBasis);
  const rows = [
    { label: t('Sub Total'), value: formatPrice(figures.subtotal, currency) },
    { label: t('Delivery Charge'), value: delivery?.free_delivery ? t('Free delivery') : formatPrice(figures.delivery_charge, currency) },
    { label: t('Coupon Discount'), value: `${figures.coupon_discount > 0 ? '−' : ''}${formatPrice(figures.coupon_discount, currency)}` },
    { label: taxLabel, value: formatPrice(figures.tax_amount, currency) },
  ];
  const shortfalls = delivery?.until_free_delivery ?? [];
  return (
    <dl className={`space-y-2 text-sm ${className}`}>
      {rows.map((row) => (
        <div key={row.label} className="flex items-center justify-between gap-4">
          <dt className="text-slate-600">{row.label}</dt>
          <dd className="font-medium text-slate-900">{row.value}</dd>
        </div>
      ))}
      {shortfalls.length > 0 && (
        <div data-testid="free-delivery-hint" className="text-xs text-emerald-700">
          <dt className="sr-only">{t('Free delivery')}</dt>
          {shortfalls.map(({ shop, amount }) => (
            <dd key={shop}>
              {shortfalls.length > 1 ? `${shop}: ` : ''}
              {t('Add {{amount}} more for free delivery', { amount: formatPrice(amount, currency) })}
            </dd>
          ))}
        </div>
      )}
      <div className="flex items-center justify-between gap-4 border-t border-slate-200 pt-3 text-base">
        <dt className="font-semibold text-slate-900">{t('Payable Amount')}</dt>
        <dd data-testid="payable-amount" className="font-bold text-primary-800">
          {formatPrice(figures.payable_amount, currency)}
        </dd>
      </div>
    </dl>
  );
}
