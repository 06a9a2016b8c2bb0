import { describe, expect, it } from 'vitest';
import { formatNumberIn, numberSymbolsByLanguage } from './number-format.ts';

const EDGES = [0, -0, 1, -1, 0.5, 1.005, 2.675, 1.0005, 999.9995, 9.995, 12.3, 999, 1000, 1234.5, -1234.5678, 99999.999, 1e6, 123456789.125, 2 ** 53, 1e20, -0.0001, 0.000001, 1e-7, 1e21, 3.14159];

/** A fixed pseudo-random series: the same values every run, across many magnitudes and decimals. */
function* spreadValues(count: number) {
  let state = 20261125;
  for (let index = 0; index < count; index += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const magnitude = 10 ** ((state % 10) - 3);
    const value = ((state / 2 ** 31) * magnitude * 1000) / 1000;
    yield state % 7 === 0 ? -value : Number(value.toFixed(state % 6));
  }
}

describe('numbers written without building an Intl.NumberFormat', () => {
  it.each(Object.keys(numberSymbolsByLanguage))('writes %s exactly as Intl.NumberFormat does', (languageTag) => {
    for (const fractionDigits of [undefined, 0, 2, 3]) {
      const intl = new Intl.NumberFormat(languageTag, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
      for (const value of [...EDGES, ...spreadValues(3000)]) {
        expect(formatNumberIn(languageTag, value, fractionDigits), `${value} with ${fractionDigits} decimals`).toBe(intl.format(value));
      }
    }
  });

  it("writes Persian digits and separators and Arabic's bidi mark before a minus", () => {
    expect(formatNumberIn('fa', -1234.5, 2)).toBe('\u200e\u2212۱٬۲۳۴٫۵۰');
    expect(formatNumberIn('ar', -1234.5)).toBe('\u200e-1,234.5');
    expect(formatNumberIn('en', 2.675, 2)).toBe('2.68');
  });

  it('leaves a language it has no symbols for to Intl.NumberFormat', () => {
    expect(formatNumberIn('de', 1234.5, 2)).toBe('1.234,50');
  });
});
