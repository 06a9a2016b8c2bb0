import type { ConsoleProduct, ConsoleVariant } from '../../../shared/catalog-console.contract.ts';

/** The fields a reviewer compares (stock is left out: it moves through the ledger, not through approval). */
export const comparedFields = [
  'name',
  'status',
  'sku',
  'price',
  'discount_price',
  'tax_rate',
  'category_id',
  'sub_category_id',
  'brand_id',
  'unit',
  'tags',
  'description',
  'translations',
  'images',
  'variants',
  'seo_title',
  'seo_description',
] as const;
export type ComparedField = (typeof comparedFields)[number];

const withoutStock = (variants: readonly ConsoleVariant[]) => variants.map(({ stock: _stock, ...variant }) => variant);
const comparable = (product: ConsoleProduct, field: ComparedField) => JSON.stringify(field === 'variants' ? withoutStock(product.variants) : product[field]);

/** The fields whose proposed value differs from the current one; every field of a product not on sale yet. */
export function changedFields(current: ConsoleProduct | null, proposed: ConsoleProduct): Set<ComparedField> {
  return new Set(comparedFields.filter((field) => current === null || comparable(current, field) !== comparable(proposed, field)));
}
