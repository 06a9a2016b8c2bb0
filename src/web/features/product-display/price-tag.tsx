import { useTranslation } from '../../../client/lib/i18n.ts';
import { formatPrice } from '../../lib/price.ts';
import { useSettings } from '../settings/settings-store.ts';

interface PriceTagProps {
  price: number;
  discountPrice: number;
  size?: 'md' | 'lg';
}

const sizes = {
  md: { now: 'text-base', was: 'text-xs' },
  lg: { now: 'text-3xl', was: 'text-lg' },
};

/** docs/product/storefront.md §5: the discount price with the original struck through only when discount_price > 0. */
export function PriceTag({ price, discountPrice, size = 'md' }: PriceTagProps) {
  const { t } = useTranslation();
  const currency = useSettings((state) => state.selectedCurrency);
  const discounted = discountPrice > 0;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold text-primary-800 ${sizes[size].now}`}>
        {discounted && <span className="sr-only">{t('Sale price:')} </span>}
        {formatPrice(discounted ? discountPrice : price, currency)}
      </span>
      {discounted && (
        <del className={`text-slate-600 ${sizes[size].was}`}>
          <span className="sr-only">{t('Original price:')} </span>
          {formatPrice(price, currency)}
        </del>
      )}
    </p>
  );
}

/** The "{{percent}}% OFF" badge, shown only when discount_percentage > 0 (docs/product/storefront.md §5). */
export function DiscountBadge({ percent, className = '' }: { percent: number; className?: string }) {
  const { t } = useTranslation();
  if (!(percent > 0)) return null;
  return (
    <span className={`rounded bg-primary-700 px-1.5 py-0.5 text-xs font-bold text-white ${className}`}>
      {t('{{percent}}% OFF', { percent: Math.round(percent) })}
    </span>
  );
}
