import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { formatPrice } from '../../lib/price.ts';
import { VariantLabel } from '../product-display/variant-label.tsx';
import { useSettings } from '../settings/settings-store.ts';

interface PurchaseLineProps {
  productId: number;
  name: string;
  thumbnail: string | undefined;
  /** Colour and size, as chosen (names in the shopper's language). */
  color: string | null | undefined;
  size: string | null | undefined;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** Below the line: its review on a delivered order. */
  children?: ReactNode;
}

/** One bought (or about to be bought) line: picture, name, choice, unit price × quantity and the line's total. */
export function PurchaseLine({ productId, name, thumbnail, color, size, unitPrice, quantity, lineTotal, children }: PurchaseLineProps) {
  const { t } = useTranslation();
  const currency = useSettings((state) => state.selectedCurrency);
  return (
    <li data-testid="purchase-line" className="flex gap-3 py-4 first:pt-0 last:pb-0">
      {thumbnail ? (
        <img src={thumbnail} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded-md border border-slate-200 object-cover" />
      ) : (
        <span aria-hidden="true" className="size-16 shrink-0 rounded-md bg-slate-100" />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
          <Link to={`/products/${productId}/details`} dir="auto" className="font-medium text-slate-900 hover:text-primary-700 focus-visible:outline-2 focus-visible:outline-primary-700">
            {name}
          </Link>
          <span className="font-semibold text-slate-900">{formatPrice(lineTotal, currency)}</span>
        </div>
        <VariantLabel color={color} size={size} className="text-xs text-slate-600" />
        <p className="mt-1 text-sm text-slate-600">{t('{{price}} × {{count}}', { price: formatPrice(unitPrice, currency), count: quantity })}</p>
        {children}
      </div>
    </li>
  );
}
