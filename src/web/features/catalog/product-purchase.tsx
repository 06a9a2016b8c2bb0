import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { ProductDetails } from '../../../shared/catalog.contract.ts';
import { outlineButtonClass, primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { CheckIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { FavoriteButton } from '../account/favorite-button.tsx';
import { useAddToCart } from '../cart/use-add-to-cart.ts';
import type { VariantChoice } from './variant-choice.ts';

interface ChoiceProps {
  legend: string;
  chosen: string | undefined;
  error: string | undefined;
  groupRef: RefObject<HTMLFieldSetElement | null>;
  children: ReactNode;
}

function Choice({ legend, chosen, error, groupRef, children }: ChoiceProps) {
  const errorId = useId();
  return (
    <fieldset ref={groupRef} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-semibold text-slate-900">
        {legend}
        {chosen && <span className="font-normal text-slate-700">: <bdi>{chosen}</bdi></span>}
      </legend>
      <div className="flex flex-wrap gap-2">{children}</div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const clamp = (value: number, max: number) => Math.min(Math.max(1, value), Math.max(1, max));

/** Colour, size (sold-out ones greyed out) and quantity, and the Add to Cart and Buy Now buttons with their checks. */
export function ProductPurchase({ product, choice }: { product: ProductDetails; choice: VariantChoice }) {
  const { t } = useTranslation();
  const cart = useAddToCart();
  const { colorId, sizeId } = choice;
  const [quantityText, setQuantityText] = useState('1');
  const [errors, setErrors] = useState<{ color?: string; size?: string }>({});
  const colorRef = useRef<HTMLFieldSetElement>(null);
  const sizeRef = useRef<HTMLFieldSetElement>(null);
  const quantityId = useId();
  const name = useId();

  const outOfStock = choice.stock <= 0;
  const quantity = clamp(Number.parseInt(quantityText, 10) || 1, choice.stock);
  const color = product.colors.find((entry) => entry.id === colorId);
  const size = product.sizes.find((entry) => entry.id === sizeId);

  /** Sends only a complete choice: colour and size when the product has them. */
  const submit = (send: typeof cart.add) => {
    if (cart.pending) return;
    const next = {
      color: product.colors.length > 0 && !color ? t('Please select a color') : undefined,
      size: product.sizes.length > 0 && !size ? t('Please select a size') : undefined,
    };
    setErrors(next);
    if (next.color || next.size) {
      (next.color ? colorRef : sizeRef).current?.querySelector('input')?.focus();
      return;
    }
    send({ product_id: product.id, quantity, color: color?.id ?? null, size: size?.id ?? null, unit: product.unit });
  };

  const stepClass =
    'flex size-10 items-center justify-center text-lg text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-700 disabled:text-slate-400 disabled:hover:bg-transparent';

  return (
    <div className="flex flex-col gap-5">
      {product.colors.length > 0 && (
        <Choice legend={t('Color')} chosen={color?.name} error={errors.color} groupRef={colorRef}>
          {product.colors.map((entry) => (
            <label key={entry.id} title={entry.name} className="relative cursor-pointer has-disabled:cursor-not-allowed has-disabled:opacity-40">
              <input
                type="radio"
                name={`${name}-color`}
                value={entry.id}
                checked={entry.id === colorId}
                disabled={choice.colorSoldOut(entry.id)}
                onChange={() => {
                  choice.chooseColor(entry.id);
                  setErrors((current) => ({ ...current, color: undefined }));
                }}
                className="peer sr-only"
              />
              <span className="sr-only">
                {entry.name}
                {choice.colorSoldOut(entry.id) && `, ${t('Sold out')}`}
              </span>
              <span
                aria-hidden="true"
                style={{ backgroundColor: entry.code }}
                className="flex size-9 items-center justify-center rounded-full border-2 border-white ring-1 ring-slate-300 peer-checked:ring-2 peer-checked:ring-primary-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-700"
              >
                {entry.id === colorId && <CheckIcon className="size-4 rounded-full bg-white/90 p-0.5 text-slate-900" />}
              </span>
            </label>
          ))}
        </Choice>
      )}
      {product.sizes.length > 0 && (
        <Choice legend={t('Size')} chosen={size?.name} error={errors.size} groupRef={sizeRef}>
          {product.sizes.map((entry) => (
            <label key={entry.id} className="relative cursor-pointer has-disabled:cursor-not-allowed">
              <input
                type="radio"
                name={`${name}-size`}
                value={entry.id}
                checked={entry.id === sizeId}
                disabled={choice.sizeSoldOut(entry.id)}
                onChange={() => {
                  choice.chooseSize(entry.id);
                  setErrors((current) => ({ ...current, size: undefined }));
                }}
                className="peer sr-only"
              />
              <span className="flex h-10 min-w-12 items-center justify-center rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 peer-checked:border-primary-700 peer-checked:bg-primary-50 peer-checked:font-semibold peer-checked:text-primary-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-700 peer-disabled:border-dashed peer-disabled:bg-slate-100 peer-disabled:text-slate-500 peer-disabled:line-through hover:border-primary-700 peer-disabled:hover:border-slate-300">
                <bdi>{entry.name}</bdi>
                {choice.sizeSoldOut(entry.id) && <span className="sr-only">, {t('Sold out')}</span>}
              </span>
            </label>
          ))}
        </Choice>
      )}
      <div>
        <label htmlFor={quantityId} className="mb-2 block text-sm font-semibold text-slate-900">
          {t('Quantity')}
        </label>
        <div className="inline-flex items-center overflow-hidden rounded-md border border-slate-300 bg-white">
          <button
            type="button"
            aria-label={t('Decrease quantity')}
            disabled={outOfStock || quantity <= 1}
            onClick={() => setQuantityText(String(quantity - 1))}
            className={stepClass}
          >
            −
          </button>
          <input
            id={quantityId}
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, choice.stock)}
            value={quantityText}
            disabled={outOfStock}
            onChange={(event) => setQuantityText(event.target.value)}
            onBlur={() => setQuantityText(String(quantity))}
            className="h-10 w-14 border-x border-slate-300 text-center text-sm text-slate-900 [appearance:textfield] focus:outline-2 focus:-outline-offset-2 focus:outline-primary-700 disabled:bg-slate-100 [&::-webkit-inner-spin-button]:appearance-none"
          />
          <button
            type="button"
            aria-label={t('Increase quantity')}
            disabled={outOfStock || quantity >= choice.stock}
            onClick={() => setQuantityText(String(quantity + 1))}
            className={stepClass}
          >
            +
          </button>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          disabled={outOfStock}
          onClick={() => submit(cart.add)}
          className={`${outlineButtonClass} h-12 flex-1 sm:flex-none sm:px-8`}
        >
          {t('Add to Cart')}
        </button>
        <button type="button" disabled={outOfStock} onClick={() => submit(cart.buyNow)} className={`${primaryButtonClass} h-12 flex-1 sm:flex-none sm:px-8`}>
          {t('Buy Now')}
        </button>
        <FavoriteButton
          product={product}
          className={`${secondaryButtonClass} size-12 shrink-0 px-0 aria-pressed:border-primary-700 aria-pressed:text-primary-700`}
        />
      </div>
    </div>
  );
}
