import { useId } from 'react';
import { textButtonClass } from '../../../client/ui/button-styles.ts';
import { RatingStars } from '../product-display/rating-stars.tsx';
import { ShopVouchersButton } from '../vouchers/shop-vouchers-button.tsx';
import { toggleShop } from './cart-actions.ts';
import { CartLine } from './cart-line.tsx';
import { useCart, type CartShopGroup } from './cart-store.ts';

/** A shop's lines under its header; ticking the header selects the shop for checkout (docs/product/storefront.md §4). */
export function CartShopSection({ group }: { group: CartShopGroup }) {
  const selected = useCart((state) => state.selectedShopIds.includes(group.shop_id));
  const checkboxId = useId();
  return (
    <li data-testid="cart-shop">
      <div className="flex items-center gap-3 bg-slate-50 px-4 py-2">
        <input
          id={checkboxId}
          type="checkbox"
          checked={selected}
          onChange={() => void toggleShop(group.shop_id)}
          className="size-4 shrink-0 accent-primary-700"
        />
        <label htmlFor={checkboxId} className="flex min-w-0 flex-1 cursor-pointer flex-wrap items-center gap-x-2 gap-y-0.5">
          <span dir="auto" className="truncate text-sm font-semibold text-slate-900">{group.shop_name}</span>
          <span className="inline-flex items-center gap-1 text-xs text-slate-700">
            <RatingStars rating={group.shop_rating} className="text-xs" />
            <span aria-hidden="true">{group.shop_rating.toFixed(1)}</span>
          </span>
        </label>
        <ShopVouchersButton shopId={group.shop_id} shopName={group.shop_name} className={`${textButtonClass} shrink-0`} />
      </div>
      <ul className="divide-y divide-slate-100">
        {group.products.map((line) => (
          <CartLine key={line.id} line={line} />
        ))}
      </ul>
    </li>
  );
}
