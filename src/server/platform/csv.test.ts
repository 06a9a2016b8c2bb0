import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv.ts';

describe('a CSV document', () => {
  it('quotes cells with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('Fern & Clay')).toBe('Fern & Clay');
    expect(csvCell('Pots, ferns')).toBe('"Pots, ferns"');
    expect(csvCell('The "best" lamps')).toBe('"The ""best"" lamps"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a spreadsheet from reading a text cell as a formula; numbers stay numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil.test")')).toBe('"\'=HYPERLINK(""http://evil.test"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell(-4.5)).toBe('-4.5');
  });

  it('ends every row with CRLF', () => {
    expect(csvDocument([['Date', 'Amount'], ['2026-05-04', 18]])).toBe('Date,Amount\r\n2026-05-04,18\r\n');
  });
});
