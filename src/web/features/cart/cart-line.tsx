import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { PriceTag } from '../product-display/price-tag.tsx';
import { productPath } from '../product-display/product-path.ts';
import { VariantLabel } from '../product-display/variant-label.tsx';
import { useSettings } from '../settings/settings-store.ts';
import { decrementLine, incrementLine, removeLine } from './cart-actions.ts';
import type { CartProduct } from './cart-store.ts';
import { lineThumbnail } from './cart-toasts.tsx';

const stepClass =
  'flex size-8 items-center justify-center text-base text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-700 disabled:text-slate-400 disabled:hover:bg-transparent';

const closePanel = () => useSettings.getState().setBasketCanvas(false);

/** One cart line: picture, name (to the product), variant, unit price, quantity −/+ and remove. */
export function CartLine({ line }: { line: CartProduct }) {
  const { t } = useTranslation();
  const change = useMutation({ mutationFn: (action: (line: CartProduct) => Promise<void>) => action(line) });
  const thumbnail = lineThumbnail(line);
  const busy = change.isPending;
  return (
    <li className="flex gap-3 px-4 py-3" data-testid="cart-line">
      {thumbnail ? (
        <img src={thumbnail} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded-md border border-slate-200 object-cover" />
      ) : (
        <span aria-hidden="true" className="size-16 shrink-0 rounded-md bg-slate-100" />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <Link
            to={productPath(line.id)}
            onClick={closePanel}
            dir="auto"
            className="line-clamp-2 flex-1 text-sm font-medium text-slate-900 hover:text-primary-700 focus-visible:outline-2 focus-visible:outline-primary-700"
          >
            {line.name}
          </Link>
          <button
            type="button"
            disabled={busy}
            onClick={() => change.mutate(removeLine)}
            aria-label={t('Remove {{name}}', { name: line.name })}
            className="-me-1 -mt-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-primary-700 disabled:opacity-50"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
        <VariantLabel color={line.color?.name} size={line.size?.name} className="mt-0.5 text-xs text-slate-600" />
        <div className="mt-2 flex items-center justify-between gap-3">
          <PriceTag price={line.price} discountPrice={line.discount_price} />
          <div role="group" aria-label={t('Quantity')} className="inline-flex shrink-0 items-center overflow-hidden rounded-md border border-slate-300 bg-white">
            <button type="button" disabled={busy} onClick={() => change.mutate(decrementLine)} aria-label={t('Decrease quantity')} className={stepClass}>
              −
            </button>
            <output aria-live="polite" className="min-w-8 border-x border-slate-300 px-1 text-center text-sm leading-8 text-slate-900">
              {line.quantity}
            </output>
            <button
              type="button"
              disabled={busy || line.quantity >= line.stock}
              onClick={() => change.mutate(incrementLine)}
              aria-label={t('Increase quantity')}
              className={stepClass}
            >
              +
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}
