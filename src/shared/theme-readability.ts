import { clampChroma, formatHex, modeLrgb, modeOklch, modeRgb, parse, useMode, wcagContrast } from 'culori/fn';
import type { z } from 'zod';
import { themeChangeSchema, themeShades, type Theme, type ThemeShade } from './theme.contract.ts';

const toOklch = useMode(modeOklch);
useMode(modeRgb);
useMode(modeLrgb);

/**
 * The lightness of each shade in OKLCH, where equal steps look equal (Tailwind's palettes sit about
 * here): a shade generated from any primary colour has the same lightness as the default theme's.
 */
const SHADE_LIGHTNESS: Record<ThemeShade, number> = {
  '50': 0.97, '100': 0.936, '200': 0.885, '300': 0.808, '400': 0.704, '500': 0.637, '600': 0.577, '700': 0.505, '800': 0.444, '900': 0.396, '950': 0.258,
};

/**
 * The eleven shades of `primary`: its hue at each shade's lightness, its colourfulness eased towards
 * the lightest and darkest (as palettes do) and brought into what a screen can show. The shade
 * nearest the primary's own lightness is the primary itself.
 */
export function themeFromPrimary(primary: string): Theme {
  const seed = toOklch(parse(primary));
  if (!seed) throw new Error(`Not a colour: ${primary}`);
  const hue = seed.h ?? 0;
  const chroma = seed.c;
  const shades = Object.fromEntries(
    themeShades.map((shade) => {
      const lightness = SHADE_LIGHTNESS[shade];
      const colour = clampChroma({ mode: 'oklch', l: lightness, c: chroma * (1 - Math.abs(lightness - 0.6)), h: hue }, 'oklch');
      return [shade, formatHex(colour)];
    }),
  ) as Record<ThemeShade, string>;
  const nearest = themeShades.reduce((best, shade) => (Math.abs(SHADE_LIGHTNESS[shade] - seed.l) < Math.abs(SHADE_LIGHTNESS[best] - seed.l) ? shade : best));
  return { primary: formatHex(seed), ...shades, [nearest]: formatHex(seed) };
}

/** WCAG AA for body text. */
export const READABLE_CONTRAST = 4.5;

/** Text on theme colours as the storefront sets it, each pair a check, named after where a shopper meets it. */
export const contrastChecks = [
  { use: 'Buttons, badges and links', text: 'white', background: '700' },
  { use: 'Buttons under the pointer', text: 'white', background: '800' },
  { use: 'Chips and highlighted filters', text: '800', background: '100' },
] as const satisfies ReadonlyArray<{ use: string; text: ThemeShade | 'white'; background: ThemeShade }>;

export interface ContrastResult {
  use: (typeof contrastChecks)[number]['use'];
  text: ThemeShade | 'white';
  background: ThemeShade;
  /** Rounded down to two decimals, so a ratio shown as 4.50 has passed. */
  ratio: number;
  readable: boolean;
}

export function checkContrast(theme: Theme): ContrastResult[] {
  const colourOf = (shade: ThemeShade | 'white') => (shade === 'white' ? '#ffffff' : theme[shade]);
  return contrastChecks.map(({ use, text, background }) => {
    const ratio = Math.floor(wcagContrast(colourOf(text), colourOf(background)) * 100) / 100;
    return { use, text, background, ratio, readable: ratio >= READABLE_CONTRAST };
  });
}

/** The message a check that failed puts on the shade it is about (the darker of its two). */
export const unreadableMessage = ({ text, background, ratio }: ContrastResult) =>
  `Text ${text === 'white' ? 'in white' : `in shade ${text}`} on shade ${background} has a contrast of ${ratio.toFixed(2)} to 1; it needs at least 4.50 to 1.`;

/** The change `PUT /api/console/theme` takes: valid colours whose text stays readable (WCAG AA). */
export const readableThemeChangeSchema = themeChangeSchema.superRefine(({ theme_colors: theme }, context: z.RefinementCtx) => {
  for (const result of checkContrast(theme)) {
    const shade = result.text === 'white' ? result.background : result.text;
    if (!result.readable) context.addIssue({ code: 'custom', path: ['theme_colors', shade], message: unreadableMessage(result) });
  }
});
