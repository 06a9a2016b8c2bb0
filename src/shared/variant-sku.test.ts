import { describe, expect, it } from 'vitest';
import { suggestedSku } from './variant-sku.ts';

describe('a suggested SKU', () => {
  it("is the product name's first three words and the option names, upper-case ASCII letters and digits joined by hyphens", () => {
    expect(suggestedSku('Walk tee', ['White', 'M'], new Set())).toBe('WALK-TEE-WHITE-M');
    expect(suggestedSku('Café crème organic summer tee', ['Light blue', null], new Set())).toBe('CAFE-CREME-ORGANIC-LIGHTBLUE');
  });

  it('takes a number when another row has it already, and never comes out empty', () => {
    expect(suggestedSku('Walk tee', ['White'], new Set(['WALK-TEE-WHITE', 'WALK-TEE-WHITE-2']))).toBe('WALK-TEE-WHITE-3');
    expect(suggestedSku('تی‌شرت', ['سفید'], new Set())).toBe('SKU');
  });
});
