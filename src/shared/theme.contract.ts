import { z } from 'zod';
import './contract-messages.ts';
import { themeColorsSchema } from './settings.contract.ts';

/** The spec's theme: the primary colour and its eleven shades, lightest to darkest. */
export const themeShades = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;
export type ThemeShade = (typeof themeShades)[number];

const hexColour = z
  .string({ error: 'Choose a colour for every shade.' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Write a colour as # and six hexadecimal digits, like #1d4ed8.')
  .transform((colour) => colour.toLowerCase());

/**
 * The whole theme at once (the storefront applies theme colours only when
 * all twelve exist). Whether its text stays readable is checked apart (`theme-readability.ts`), so
 * the colour maths stays out of the storefront's code.
 */
export const themeSchema = z.object({ primary: hexColour, ...Object.fromEntries(themeShades.map((shade) => [shade, hexColour])) } as Record<'primary' | ThemeShade, typeof hexColour>);
export type Theme = z.infer<typeof themeSchema>;

/** `PUT /api/console/theme`'s body: the theme as `/api/master` names it. */
export const themeChangeSchema = z.object({ theme_colors: themeSchema });

/** What the store has now: complete, or partial in a store seeded without them (the console fills the rest). */
export const themeAnswerSchema = z.object({ theme_colors: themeColorsSchema });
