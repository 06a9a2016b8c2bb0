import type { z } from 'zod';
import type { productCreateSchema } from '../../../shared/catalog-console.contract.ts';

/**
 * The editor's values: a new product's (the shared create schema's input), its variants with their
 * ids once saved, and pictures by their addresses (an upload's answer gives its library address).
 */
export type ProductFormValues = Omit<z.input<typeof productCreateSchema>, 'images' | 'variants'> & {
  images: string[];
  variants: VariantValues[];
};
export type VariantValues = Omit<z.input<typeof productCreateSchema>['variants'][number], 'images'> & { id?: number; images: string[] };

/** A row not saved yet: its starting stock enters the stock ledger when saved. */
export const newVariant = (): VariantValues => ({ sku: '', barcode: '', color_id: null, size_id: null, price: null, discount_price: null, images: [], is_active: true, stock: 0 });

/** Server errors of pictures name one (`images.2`): the first is shown under them all. */
export function firstMessage(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  if ('message' in errors && typeof errors.message === 'string') return errors.message;
  return Object.values(errors).map(firstMessage).find(Boolean);
}
