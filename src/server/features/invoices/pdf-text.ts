import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';

/**
 * Text in a PDF in any of the store's languages (decision 038). The fonts are Vazirmatn's subsets
 * from `@fontsource/vazirmatn` (Latin, Arabic, Latin Extended): each character is drawn in the
 * first that has it. pdfkit lays text out through fontkit, which shapes Arabic (joining forms,
 * lam-alef) and lays a right-to-left run out right to left; the Unicode bidirectional algorithm
 * (bidi-js) orders the runs of a line visually around it.
 */
const require = createRequire(import.meta.url);
const bidi = bidiFactory();

type Subset = 'latin' | 'arabic' | 'latin-ext';
export type Weight = 400 | 700;
export type Direction = 'ltr' | 'rtl';

/** Latin first: the Arabic subset's space has no width. */
const SUBSETS: readonly Subset[] = ['latin', 'arabic', 'latin-ext'];
const WEIGHTS: readonly Weight[] = [400, 700];
const fontName = (subset: Subset, weight: Weight) => `vazirmatn-${subset}-${weight}`;

/**
 * A WOFF 1.0 file's font as the plain TrueType file it wraps (W3C WOFF 1.0 §4–5): each table
 * inflated once. fontkit reads a WOFF font's tables compressed and inflates (in JavaScript) the
 * whole glyph table again for every glyph it reads, tens of milliseconds per glyph.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  const tableCount = woff.readUInt16BE(12);
  const tables = Array.from({ length: tableCount }, (_, index) => {
    const entry = 44 + index * 20;
    const [offset, compressedLength, length] = [woff.readUInt32BE(entry + 4), woff.readUInt32BE(entry + 8), woff.readUInt32BE(entry + 12)];
    const stored = woff.subarray(offset, offset + compressedLength);
    return { tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data: compressedLength < length ? inflateSync(stored) : stored };
  });
  const power = 2 ** Math.floor(Math.log2(tableCount));
  const header = Buffer.alloc(12 + 16 * tableCount);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(tableCount, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(tableCount * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach(({ tag, checksum, data }, index) => {
    const entry = 12 + index * 16;
    header.writeUInt32BE(tag, entry);
    header.writeUInt32BE(checksum, entry + 4);
    header.writeUInt32BE(offset, entry + 8);
    header.writeUInt32BE(data.length, entry + 12);
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/**
 * Each font opened once per process, when the first invoice is drawn: parsing a font and its
 * shaping tables costs far more than drawing an invoice, and most processes never draw one (the
 * six fonts held at start-up cost every server their memory).
 */
let opened: Map<string, fontkit.Font> | undefined;
function fonts(): Map<string, fontkit.Font> {
  opened ??= new Map(
    SUBSETS.flatMap((subset) =>
      WEIGHTS.map((weight) => {
        const woff = readFileSync(require.resolve(`@fontsource/vazirmatn/files/vazirmatn-${subset}-${weight}-normal.woff`));
        return [fontName(subset, weight), fontkit.create(sfntOfWoff(woff)) as fontkit.Font] as const;
      }),
    ),
  );
  return opened;
}
/** pdfkit takes an opened fontkit font (its types name only files and buffers). */
const fontSource = (name: string) => fonts().get(name) as unknown as string;

const subsetOf = (codePoint: number): Subset | undefined => SUBSETS.find((subset) => fonts().get(fontName(subset, 400))!.hasGlyphForCodePoint(codePoint));

/** Whether every character of `text` has a glyph in the fonts (a currency symbol may not: ৳). */
export const drawable = (text: string) => [...text].every((character) => subsetOf(character.codePointAt(0)!) !== undefined);

/** Registers the fonts with the document (pdfkit embeds only the glyphs drawn). */
export function registerFonts(doc: PDFKit.PDFDocument) {
  for (const name of fonts().keys()) doc.registerFont(name, fontSource(name));
}

/** The first font pdfkit opens, so it never loads its built-in Helvetica. */
export const defaultFont = () => fontSource(fontName('latin', 400));

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
