import { useId } from 'react';
import { toAmount, toMinor, unitPrice } from '../../../shared/money.ts';
import { LoadFailed } from '../../../client/ui/empty-state.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import type { CartShopGroup } from '../cart/cart-store.ts';
import { lineThumbnail } from '../cart/cart-toasts.tsx';
import { PurchaseLine } from '../orders/purchase-line.tsx';
import type { CheckoutSource } from './checkout-source.ts';
import { ShopVoucher } from './shop-voucher.tsx';
import type { CheckoutVouchers } from './use-checkout-vouchers.ts';

function ShopLines({ group }: { group: CartShopGroup }) {
  return (
    <ul className="divide-y divide-slate-100">
      {group.products.map((line) => {
        const price = unitPrice(line.price, line.discount_price);
        return (
          <PurchaseLine
            key={line.id}
            productId={line.id}
            name={line.name}
            thumbnail={lineThumbnail(line)}
            color={line.color?.name}
            size={line.size?.name}
            unitPrice={price}
            quantity={line.quantity}
            lineTotal={toAmount(toMinor(price) * line.quantity)}
          />
        );
      })}
    </ul>
  );
}

/** The checkout's lines, one card per shop with that shop's voucher; a skeleton while priced, a retry when pricing failed. */
export function OrderItems({ source, vouchers }: { source: CheckoutSource; vouchers: CheckoutVouchers }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { groups, couponCodes } = source;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('Order Items')}
      </h2>
      {source.failed || (source.ready && groups.length === 0) ? (
        <LoadFailed onRetry={() => void source.refresh()} />
      ) : groups.length === 0 ? (
        <div aria-busy="true" className="h-40 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />
      ) : (
        groups.map((group) => (
          <article key={group.shop_id} aria-label={group.shop_name} data-testid="checkout-shop" className="overflow-hidden rounded-lg border border-slate-200 bg-white">
            <h3 dir="auto" className="bg-slate-50 px-4 py-2 font-semibold text-slate-900">{group.shop_name}</h3>
            <div className="px-4 py-4">
              <ShopLines group={group} />
            </div>
            <div className="border-t border-slate-200 px-4 py-3">
              <ShopVoucher
                shopId={group.shop_id}
                shopName={group.shop_name}
                appliedCode={couponCodes[group.shop_id] ?? null}
                discount={group.coupon_discount}
                error={vouchers.errorOf(group.shop_id)}
                busy={vouchers.busy}
                onApply={(code) => vouchers.apply(group.shop_id, code)}
                onRemove={() => vouchers.remove(group.shop_id)}
                onEdit={() => vouchers.errorOf(group.shop_id) !== undefined && vouchers.setError(group.shop_id, null)}
              />
            </div>
          </article>
        ))
      )}
    </section>
  );
}
