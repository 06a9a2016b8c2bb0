import { useMutation } from '@tanstack/react-query';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { removeUnavailableLine } from './cart-actions.ts';
import { useCart, type UnavailableCartLine } from './cart-store.ts';

function UnavailableLine({ line }: { line: UnavailableCartLine }) {
  const { t } = useTranslation();
  const remove = useMutation({ mutationFn: () => removeUnavailableLine(line) });
  return (
    <li className="flex items-center gap-3 px-4 py-2" data-testid="cart-unavailable-line">
      {line.thumbnail ? (
        <img src={line.thumbnail} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded-md border border-slate-200 object-cover opacity-60 grayscale" />
      ) : (
        <span aria-hidden="true" className="size-10 shrink-0 rounded-md bg-slate-100" />
      )}
      <div className="min-w-0 flex-1">
        <p dir="auto" className="truncate text-sm text-slate-700">{line.name}</p>
        <p dir="auto" className="truncate text-xs text-slate-600">{line.shop_name}</p>
      </div>
      <button
        type="button"
        disabled={remove.isPending}
        onClick={() => remove.mutate()}
        aria-label={t('Remove {{name}}', { name: line.name })}
        className="shrink-0 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-primary-700 disabled:opacity-50"
      >
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}

/** Lines of products the store no longer sells (taken off sale, their shop suspended): named, out of every figure, to be removed. */
export function CartUnavailableLines() {
  const { t } = useTranslation();
  const lines = useCart((state) => state.unavailable);
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="cart-unavailable-title" className="border-t border-slate-200 py-2">
      <h3 id="cart-unavailable-title" className="px-4 pt-1 text-sm font-semibold text-slate-900">
        {t('No longer available')}
      </h3>
      <p className="px-4 pb-1 text-xs text-slate-600">{t('These products are not sold any more. They are not part of your order.')}</p>
      <ul className="divide-y divide-slate-100">
        {lines.map((line) => (
          <UnavailableLine key={line.cart_id} line={line} />
        ))}
      </ul>
    </section>
  );
}
