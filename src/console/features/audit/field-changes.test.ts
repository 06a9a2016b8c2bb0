import { describe, expect, it } from 'vitest';
import { fieldChanges } from './field-changes.ts';

describe("an audit entry's changes", () => {
  it('name each changed value by its path, leaving out what stayed the same', () => {
    const variants = (price: number) => [{ sku: 'TEE-S', price: 41.99 }, { sku: 'TEE-M', price: 41.99 }, { sku: 'TEE-L', price }];
    expect(
      fieldChanges({
        price: { before: 35, after: 40 },
        variants: { before: variants(41.99), after: variants(43.99) },
        translations: { before: { ar: { name: 'قميص' } }, after: { ar: { name: 'قميص' }, ir: { name: 'تی‌شرت' } } },
        tags: { before: ['a'], after: ['a', 'b'] },
        sku: { after: 'NEW' },
      }),
    ).toEqual([
      { path: 'price', before: 35, after: 40 },
      { path: 'variants[2].price', before: 41.99, after: 43.99 },
      { path: 'translations.ir', before: undefined, after: { name: 'تی‌شرت' } },
      { path: 'tags[1]', before: undefined, after: 'b' },
      { path: 'sku', before: undefined, after: 'NEW' },
    ]);
  });
});
