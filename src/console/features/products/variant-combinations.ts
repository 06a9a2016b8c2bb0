import { suggestedSku } from '../../../shared/variant-sku.ts';

export interface Combination {
  color_id?: number | null;
  size_id?: number | null;
}

/** Colour × size; each colour alone when no size is chosen (and each size when no colour); one row without options when neither is. */
export function combinationsOf(colorIds: readonly number[], sizeIds: readonly number[]): Combination[] {
  const colors = colorIds.length > 0 ? colorIds : [null];
  const sizes = sizeIds.length > 0 ? sizeIds : [null];
  return colors.flatMap((color_id) => sizes.map((size_id) => ({ color_id, size_id })));
}

const sameCombination = (one: Combination, other: Combination) => (one.color_id ?? null) === (other.color_id ?? null) && (one.size_id ?? null) === (other.size_id ?? null);

/**
 * The grid's rows for the chosen options, in the combinations' order: a row already there keeps its
 * values, a new combination gets a `blank` row; a row without a SKU (and not saved) gets one suggested
 * from the product's name and its option names, none repeating another row's. Rows of other combinations are left out.
 */
export function gridRows<Row extends Combination & { id?: number; sku?: string }>(
  rows: readonly Row[],
  combinations: readonly Combination[],
  { blank, productName, optionName }: { blank: () => Row; productName: string; optionName: (kind: 'colors' | 'sizes', id: number | null | undefined) => string | undefined },
): Row[] {
  const kept = combinations.map((combination) => rows.find((row) => sameCombination(row, combination)));
  const taken = new Set(kept.flatMap((row) => (row?.sku ? [row.sku] : [])));
  return combinations.map((combination, index) => {
    const row = kept[index] ?? { ...blank(), color_id: combination.color_id ?? null, size_id: combination.size_id ?? null };
    if (row.sku || row.id !== undefined) return row;
    const sku = suggestedSku(productName, [optionName('colors', row.color_id), optionName('sizes', row.size_id)], taken);
    taken.add(sku);
    return { ...row, sku };
  });
}
