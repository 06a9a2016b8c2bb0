import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a reader of the PDF gets out of it: each page's text pieces (pdf.js puts right-to-left runs back in reading order) and the glyphs drawn. */
export async function readPdf(content: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(content), verbosity: 0 }).promise;
  const texts: string[] = [];
  const glyphs: Array<{ font: string; unicode: string; code: number }> = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const text = await page.getTextContent();
    texts.push(...text.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : [])));
    const operators = await page.getOperatorList();
    let font = '';
    operators.fnArray.forEach((operator, index) => {
      const args = operators.argsArray[index] as unknown[];
      if (operator === OPS.setFont) font = String(args[0]);
      if (operator !== OPS.showText) return;
      for (const glyph of args[0] as Array<{ unicode?: string; originalCharCode?: number } | number>) {
        if (typeof glyph === 'object' && glyph.unicode) glyphs.push({ font, unicode: glyph.unicode, code: glyph.originalCharCode ?? -1 });
      }
    });
  }
  await pdf.destroy();
  return { pages: pdf.numPages, text: texts.join('\n'), glyphs };
}

/**
 * The most glyphs one font drew each Arabic letter with. Shaped text draws a letter in its joining
 * forms (isolated, initial, medial, final), each its own glyph; unshaped text draws one glyph per
 * letter whatever its place in the word.
 */
export function arabicLetterForms(glyphs: ReadonlyArray<{ font: string; unicode: string; code: number }>): Map<string, number> {
  const forms = new Map<string, Set<number>>();
  for (const { font, unicode, code } of glyphs) {
    if (!/^\p{Script=Arabic}$/u.test(unicode) || !/\p{Letter}/u.test(unicode)) continue;
    const key = `${unicode} ${font}`;
    forms.set(key, (forms.get(key) ?? new Set()).add(code));
  }
  const most = new Map<string, number>();
  for (const [key, codes] of forms) {
    const letter = key.split(' ')[0]!;
    most.set(letter, Math.max(most.get(letter) ?? 0, codes.size));
  }
  return most;
}
