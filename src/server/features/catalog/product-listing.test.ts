import { expect, it } from 'vitest';
import { wholeSearchScope } from './product-listing.ts';

it('reads a search whole up to where its broad listing would read as many rows, and never below the narrow scope', () => {
  expect(wholeSearchScope(10_000)).toBe(1_500);
  expect(wholeSearchScope(100_000)).toBe(1_500);
  expect(wholeSearchScope(1_000_000)).toBe(3_162);
  expect(wholeSearchScope(4_000_000)).toBe(6_325);
});
