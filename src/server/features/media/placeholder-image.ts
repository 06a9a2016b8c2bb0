export const placeholderKinds = [
  'category',
  'sub-category',
  'product',
  'shop',
  'shop-banner',
  'banner',
  'logo',
  'qr',
  'social',
  'payment',
  'blog',
  'avatar',
] as const;

export type PlaceholderKind = (typeof placeholderKinds)[number];

export interface PlaceholderOptions {
  kind: string;
  label: string;
  width?: number;
  height?: number;
  seed?: string;
}

interface Size {
  width: number;
  height: number;
}

const defaultSizes: Record<PlaceholderKind, Size> = {
  'category': { width: 400, height: 400 },
  'sub-category': { width: 400, height: 400 },
  'product': { width: 400, height: 400 },
  'shop': { width: 400, height: 400 },
  'shop-banner': { width: 1200, height: 400 },
  'banner': { width: 1200, height: 400 },
  'logo': { width: 240, height: 64 },
  'qr': { width: 160, height: 160 },
  'social': { width: 64, height: 64 },
  'payment': { width: 64, height: 64 },
  'blog': { width: 400, height: 400 },
  'avatar': { width: 400, height: 400 },
};

const MIN_SIZE = 16;
const MAX_SIZE = 2000;
const FONT_FAMILY = 'system-ui, sans-serif';

export function isPlaceholderKind(kind: string): kind is PlaceholderKind {
  return (placeholderKinds as readonly string[]).includes(kind);
}

function assertKind(kind: string): PlaceholderKind {
  if (!isPlaceholderKind(kind)) {
    throw new RangeError(`Unknown placeholder kind: ${kind}`);
  }
  return kind;
}

export function placeholderPath(kind: string, slug: string): string {
  return `/media/placeholder/${assertKind(kind)}/${encodeURIComponent(slug)}.svg`;
}

export function renderPlaceholderSvg(options: PlaceholderOptions): string {
  const kind = assertKind(options.kind);
  const fallback = defaultSizes[kind];
  const width = clampSize(options.width, fallback.width);
  const height = clampSize(options.height, fallback.height);
  const seed = hashString(options.seed ?? options.label);
  const random = createRandom(seed);

  const body = kind === 'qr'
    ? renderQrBody(width, height, random)
    : renderArtBody(kind, options.label, width, height, seed, random);

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    `<title>${escapeXml(options.label)}</title>`,
    body,
    '</svg>',
  ].join('');
}

function renderArtBody(
  kind: PlaceholderKind,
  label: string,
  width: number,
  height: number,
  seed: number,
  random: () => number,
): string {
  const hue = seed % 360;
  const secondHue = (hue + 40 + Math.floor(random() * 80)) % 360;
  const from = hslToHex(hue, 65, 62);
  const to = hslToHex(secondHue, 70, 48);
  // Unique per seed so several inlined placeholders never share a gradient id.
  const gradientId = `bg-${seed.toString(16)}`;
  const short = Math.min(width, height);

  const circle = {
    cx: round(width * (0.15 + random() * 0.7)),
    cy: round(height * (0.15 + random() * 0.7)),
    r: round(short * (0.3 + random() * 0.3)),
  };
  const rectSize = round(short * (0.35 + random() * 0.25));
  const rect = {
    x: round(width * random() * 0.8),
    y: round(height * random() * 0.8),
    angle: Math.floor(random() * 90) - 45,
  };

  return [
    '<defs>',
    `<linearGradient id="${gradientId}" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${from}"/>`,
    `<stop offset="1" stop-color="${to}"/>`,
    '</linearGradient>',
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#${gradientId})"/>`,
    `<circle cx="${circle.cx}" cy="${circle.cy}" r="${circle.r}" fill="#ffffff" fill-opacity="0.18"/>`,
    `<rect x="${rect.x}" y="${rect.y}" width="${rectSize}" height="${rectSize}" rx="${round(rectSize * 0.2)}" `
      + `fill="#ffffff" fill-opacity="0.12" transform="rotate(${rect.angle} ${round(rect.x + rectSize / 2)} ${round(rect.y + rectSize / 2)})"/>`,
    kind === 'logo' ? renderLogoText(label, width, height) : renderInitials(label, short),
  ].join('');
}

function renderInitials(label: string, short: number): string {
  const text = initials(label);
  if (text === '') return '';
  return textElement(text, round(short * 0.4));
}

function renderLogoText(label: string, width: number, height: number): string {
  const text = label.trim();
  if (text === '') return '';
  const fitsWidth = (width * 0.85) / estimateEmWidth(text);
  return textElement(text, round(Math.min(height * 0.55, fitsWidth)));
}

// Rough advance widths (in em) of a semi-bold sans-serif face; we cannot
// measure text without a font engine, so err on the wide side.
function estimateEmWidth(text: string): number {
  let total = 0;
  for (const char of text) {
    if (/[WMwm@]/.test(char)) total += 0.95;
    else if (/[iljtfrI1.,:;'!| ]/.test(char)) total += 0.35;
    else if (/[A-Z0-9]/.test(char)) total += 0.72;
    else if (/[a-z\p{P}]/u.test(char)) total += 0.6;
    else total += 1; // CJK and other wide scripts
  }
  return Math.max(total, 1);
}

function textElement(text: string, fontSize: number): string {
  return `<text x="50%" y="50%" text-anchor="middle" dominant-baseline="central" fill="#ffffff" `
    + `font-family="${FONT_FAMILY}" font-weight="600" font-size="${fontSize}">${escapeXml(text)}</text>`;
}

// A version-2-sized (25x25) grid with a two-module quiet zone on each side.
const QR_MODULES = 25;
const QR_QUIET = 2;
const QR_FINDER = 7;

function renderQrBody(width: number, height: number, random: () => number): string {
  const total = QR_MODULES + QR_QUIET * 2;
  const unit = Math.min(width, height) / total;
  const offsetX = (width - unit * total) / 2 + unit * QR_QUIET;
  const offsetY = (height - unit * total) / 2 + unit * QR_QUIET;
  const size = round(unit);
  const cells: string[] = [];
  for (let row = 0; row < QR_MODULES; row++) {
    for (let col = 0; col < QR_MODULES; col++) {
      if (inFinderArea(col, row) || random() < 0.5) continue;
      const x = round(offsetX + col * unit);
      const y = round(offsetY + row * unit);
      cells.push(`M${x} ${y}h${size}v${size}h${-size}z`);
    }
  }

  const far = QR_MODULES - QR_FINDER;
  const corners = [{ col: 0, row: 0 }, { col: far, row: 0 }, { col: 0, row: far }];
  // Each finder is a 7x7 black square, a 5x5 white one and a 3x3 black centre.
  const finders = corners.flatMap(({ col, row }) => [0, 1, 2].map((inset) => {
    const x = round(offsetX + (col + inset) * unit);
    const y = round(offsetY + (row + inset) * unit);
    const size = round((QR_FINDER - inset * 2) * unit);
    const fill = inset === 1 ? '#ffffff' : '#000000';
    return `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${fill}"/>`;
  }));

  return [
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<path d="${cells.join('')}" fill="#000000" shape-rendering="crispEdges"/>`,
    ...finders,
  ].join('');
}

// Finder patterns plus their one-module white separator.
function inFinderArea(col: number, row: number): boolean {
  const edge = QR_FINDER + 1;
  const far = QR_MODULES - edge;
  return (col < edge && row < edge) || (col >= far && row < edge) || (col < edge && row >= far);
}

function initials(label: string): string {
  const words = label
    .split(/[\s\-_/]+/)
    .map((word) => Array.from(word).find((char) => /[\p{L}\p{N}]/u.test(char)))
    .filter((char): char is string => char !== undefined);
  return words.slice(0, 2).join('').toUpperCase();
}

function escapeXml(text: string): string {
  return Array.from(text)
    .filter(isXmlChar)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

// XML 1.0 cannot represent these code points at all, not even as entities.
function isXmlChar(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code === 0x9 || code === 0xa || code === 0xd
    || (code >= 0x20 && code <= 0xd7ff)
    || (code >= 0xe000 && code <= 0xfffd)
    || code >= 0x10000;
}

function clampSize(value: number | undefined, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(MAX_SIZE, Math.max(MIN_SIZE, Math.round(value)));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

// FNV-1a: tiny, stable across platforms, and good enough to spread colours.
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

// mulberry32: a small seeded PRNG so shapes and QR modules are reproducible.
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number): string => {
    const k = (n + hue / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
