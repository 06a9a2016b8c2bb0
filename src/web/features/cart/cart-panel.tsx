import { Link } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { BagIcon } from '../../components/ui/icons.tsx';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { formatPrice } from '../../lib/price.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useCart, type CartProduct, type CartShopGroup } from './cart-store.ts';

/** Spec §5: a line's unit price is its discount price when there is one. */
export function unitPrice(product: Pick<CartProduct, 'price' | 'discount_price'>): number {
  return product.discount_price > 0 ? product.discount_price : product.price;
}

const closePanel = () => useSettings.getState().setBasketCanvas(false);

function CartLine({ product }: { product: CartProduct }) {
  const { t } = useTranslation();
  const currency = useSettings((state) => state.selectedCurrency);
  const thumbnail = product.thumbnail || product.thumbnails[0]?.thumbnail;
  const variant = [product.size?.name, product.color?.name].filter(Boolean).join(' · ');
  return (
    <li className="flex gap-3 px-4 py-3">
      {thumbnail ? (
        <img src={thumbnail} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded-md border border-slate-200 object-cover" />
      ) : (
        <span aria-hidden="true" className="size-16 shrink-0 rounded-md bg-slate-100" />
      )}
      <div className="min-w-0 flex-1">
        <Link
          to={`/products/${product.id}/details`}
          onClick={closePanel}
          className="line-clamp-2 text-sm font-medium text-slate-900 hover:text-primary-700 focus-visible:outline-2 focus-visible:outline-primary-700"
        >
          {product.name}
        </Link>
        {variant && <p className="mt-0.5 text-xs text-slate-600">{variant}</p>}
        <div className="mt-2 flex items-center justify-between gap-3">
          <span className="text-sm font-semibold text-primary-700">{formatPrice(unitPrice(product), currency)}</span>
          {/* Room for the quantity buttons and the remove button that come with cart editing. */}
          <span className="flex h-8 min-w-24 items-center justify-center rounded-md border border-slate-300 px-3 text-sm text-slate-700">
            {t('Qty: {{count}}', { count: product.quantity })}
          </span>
        </div>
      </div>
    </li>
  );
}

function ShopGroup({ group }: { group: CartShopGroup }) {
  return (
    <li>
      <h3 className="bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-800">{group.shop_name}</h3>
      <ul className="divide-y divide-slate-100">
        {group.products.map((product) => (
          <CartLine key={product.id} product={product} />
        ))}
      </ul>
    </li>
  );
}

function EmptyCart() {
  const { t } = useTranslation();
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <BagIcon className="size-14 text-slate-300" />
      <p className="font-medium text-slate-700">{t('Cart is empty')}</p>
      <Link
        to="/products"
        onClick={closePanel}
        className="rounded-lg border border-primary-700 px-4 py-2 text-sm font-medium text-primary-700 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
      >
        {t('Continue Shopping')}
      </Link>
    </div>
  );
}

function CheckoutBar() {
  const { t } = useTranslation();
  const totalAmount = useCart((state) => state.totalAmount);
  const currency = useSettings((state) => state.selectedCurrency);
  return (
    <div className="space-y-3">
      <p className="flex items-center justify-between font-semibold text-slate-900">
        <span>{t('Subtotal')}</span>
        <span>{formatPrice(totalAmount, currency)}</span>
      </p>
      <Link
        to="/checkout"
        onClick={closePanel}
        className="block rounded-lg bg-primary-700 px-4 py-3 text-center font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
      >
        {t('Checkout')}
      </Link>
    </div>
  );
}

/** The cart side panel (spec §2): slides in from the end side while `basketCanvas` is set. */
export function CartPanel() {
  const { t } = useTranslation();
  const open = useSettings((state) => state.basketCanvas);
  const { total, products } = useCart(useShallow((state) => ({ total: state.total, products: state.products })));
  const hasItems = total > 0;
  return (
    <ModalDialog open={open} onClose={closePanel} title={t('My Cart')} placement="end" footer={hasItems ? <CheckoutBar /> : undefined}>
      {hasItems ? (
        <ul>
          {products.map((group) => (
            <ShopGroup key={group.shop_id} group={group} />
          ))}
        </ul>
      ) : (
        <EmptyCart />
      )}
    </ModalDialog>
  );
}
