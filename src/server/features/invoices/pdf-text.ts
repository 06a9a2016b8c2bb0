import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';

/**
 * Text in a PDF in any of the store's languages (decision 038). The fonts are Vazirmatn's subsets
 * from `@fontsource/vazirmatn` (Arabic, Latin, Latin Extended): each character is drawn in the
 * subset whose Unicode ranges hold it. pdfkit lays text out through fontkit, which shapes Arabic
 * (joining forms, lam-alef) and lays a right-to-left run out right to left; the Unicode
 * bidirectional algorithm (bidi-js) orders the runs of a line visually around it.
 */
const require = createRequire(import.meta.url);
const bidi = bidiFactory();

type Subset = 'arabic' | 'latin' | 'latin-ext';
export type Weight = 400 | 700;
export type Direction = 'ltr' | 'rtl';

const SUBSETS: readonly Subset[] = ['arabic', 'latin', 'latin-ext'];
const fontFile = (subset: Subset, weight: Weight) => require.resolve(`@fontsource/vazirmatn/files/vazirmatn-${subset}-${weight}-normal.woff`);
const fontName = (subset: Subset, weight: Weight) => `vazirmatn-${subset}-${weight}`;

/** Each subset's code point ranges, as fontsource publishes them ("U+0600-06FF,U+200C-200E,…"). */
const subsetRanges: Array<[Subset, Array<[number, number]>]> = (() => {
  const published = JSON.parse(readFileSync(require.resolve('@fontsource/vazirmatn/unicode.json'), 'utf8')) as Record<Subset, string>;
  return SUBSETS.map((subset) => [
    subset,
    published[subset].split(',').map((range): [number, number] => {
      const [from = '0', to = from] = range.replace(/^U\+/, '').split('-');
      return [parseInt(from, 16), parseInt(to, 16)];
    }),
  ]);
})();

const subsetOf = (codePoint: number): Subset | undefined => subsetRanges.find(([, ranges]) => ranges.some(([from, to]) => codePoint >= from && codePoint <= to))?.[0];

/** Whether every character of `text` has a glyph in the fonts (a currency symbol may not: ৳). */
export const drawable = (text: string) => [...text].every((character) => subsetOf(character.codePointAt(0)!) !== undefined);

/** Registers the fonts with the document (pdfkit embeds only the glyphs drawn). */
export function registerFonts(doc: PDFKit.PDFDocument) {
  for (const subset of SUBSETS) for (const weight of [400, 700] as const) doc.registerFont(fontName(subset, weight), fontFile(subset, weight));
}

/** The first font pdfkit opens, so it never loads its built-in Helvetica. */
export const defaultFont = () => fontFile('latin', 400);

interface Piece {
  text: string;
  level: number;
  subset: Subset;
}

const ARABIC_SCRIPT = /\p{Script=Arabic}/u;

/**
 * A line's characters cut where their bidi level or font changes, in logical order. Each line takes
 * its direction from its first strong character (as `dir="auto"` does): an address or a name in
 * Latin letters reads left to right on a right-to-left page, a translated label with its value right to left.
 */
function logicalPieces(text: string): Piece[] {
  const { levels } = bidi.getEmbeddingLevels(text);
  const pieces: Piece[] = [];
  let index = 0;
  for (const character of text) {
    const level = levels[index]!;
    const subset = subsetOf(character.codePointAt(0)!) ?? 'latin';
    const last = pieces.at(-1);
    if (last && last.level === level && last.subset === subset) last.text += character;
    else pieces.push({ text: character, level, subset });
    index += character.length;
  }
  return pieces;
}

/**
 * The pieces in the order they are drawn from left to right (rule L2: from the highest level down to
 * the lowest odd one, every run at that level or above is reversed). fontkit shapes a piece with
 * Arabic script in it and lays it out right to left itself, so such a piece is handed over in logical
 * order when it reads right to left, and reversed here when it reads left to right (Persian digits
 * in a number); any other piece that reads right to left is reversed here, its brackets mirrored.
 */
function visualPieces(text: string): Piece[] {
  const pieces = logicalPieces(text);
  const levels = pieces.map((piece) => piece.level);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1));
  for (let level = Math.max(...levels); level >= lowestOdd; level--) {
    for (let start = 0; start < pieces.length; start++) {
      if (pieces[start]!.level < level) continue;
      let end = start;
      while (end + 1 < pieces.length && pieces[end + 1]!.level >= level) end++;
      pieces.splice(start, end - start + 1, ...pieces.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return pieces.map((piece) => {
    const rightToLeft = piece.level % 2 === 1;
    if (rightToLeft === ARABIC_SCRIPT.test(piece.text)) return piece;
    const reversed = [...piece.text].reverse();
    return { ...piece, text: (rightToLeft ? reversed.map((character) => bidi.getMirroredCharacter(character) ?? character) : reversed).join('') };
  });
}

export interface TextStyle {
  size: number;
  weight?: Weight;
  color?: string;
}

/** Where a line sits in its box: at the start or the end of the reading direction. */
export type Alignment = 'start' | 'end';

/** Writes lines of mixed-direction text into a pdfkit document whose reading direction (where a line starts) is `direction`. */
export function pdfText(doc: PDFKit.PDFDocument, direction: Direction) {
  const use = (subset: Subset, style: TextStyle) => doc.font(fontName(subset, style.weight ?? 400)).fontSize(style.size);
  const widthOf = (piece: Piece, style: TextStyle) => use(piece.subset, style).widthOfString(piece.text);
  const width = (text: string, style: TextStyle) => logicalPieces(text).reduce((sum, piece) => sum + widthOf(piece, style), 0);

  /** One line in the box from `x` (its left edge) `boxWidth` wide, at `y`. */
  function line(text: string, x: number, y: number, boxWidth: number, style: TextStyle, align: Alignment = 'start') {
    const pieces = visualPieces(text);
    const total = pieces.reduce((sum, piece) => sum + widthOf(piece, style), 0);
    const atLeft = (align === 'start') === (direction === 'ltr');
    let left = atLeft ? x : x + boxWidth - total;
    for (const piece of pieces) {
      use(piece.subset, style)
        .fillColor(style.color ?? '#0f172a')
        .text(piece.text, left, y, { lineBreak: false });
      left += widthOf(piece, style);
    }
  }

  /** `text` broken between words into lines no wider than `boxWidth` (a longer word has a line of its own). */
  function wrap(text: string, boxWidth: number, style: TextStyle): string[] {
    const lines: string[] = [];
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const last = lines.at(-1);
      if (last !== undefined && width(`${last} ${word}`, style) <= boxWidth) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    return lines;
  }

  return { line, wrap, width };
}

export type PdfText = ReturnType<typeof pdfText>;
