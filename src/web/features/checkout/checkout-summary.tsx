import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import type { CheckoutFigures, CheckoutShopGroup } from '../cart/cart-store.ts';
import { OrderFigures } from '../orders/order-figures.tsx';

interface CheckoutSummaryProps {
  figures: CheckoutFigures;
  groups: readonly CheckoutShopGroup[];
  canPlace: boolean;
  placing: boolean;
  onPlace(): void;
}

/** The order's figures and the Place Order button. */
export function CheckoutSummary({ figures, groups, canPlace, placing, onPlace }: CheckoutSummaryProps) {
  const { t } = useTranslation();
  return (
    <aside aria-label={t('Order Summary')} className="h-fit space-y-4 rounded-lg border border-slate-200 bg-white p-4 lg:sticky lg:top-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('Order Summary')}</h2>
      <OrderFigures
        figures={{
          subtotal: figures.total_amount,
          delivery_charge: figures.delivery_charge,
          coupon_discount: figures.coupon_discount,
          tax_amount: figures.order_tax_amount,
          payable_amount: figures.payable_amount,
        }}
        taxBasis={figures}
        delivery={{
          free_delivery: groups.length > 0 && groups.every((group) => group.free_delivery),
          until_free_delivery: groups.flatMap((group) => (group.until_free_delivery === null ? [] : [{ shop: group.shop_name, amount: group.until_free_delivery }])),
        }}
      />
      <button type="button" onClick={onPlace} disabled={!canPlace} aria-busy={placing || undefined} className={`${primaryButtonClass} h-12 w-full text-base`}>
        {placing ? t('Placing your order…') : t('Place Order')}
      </button>
    </aside>
  );
}
