import type { ThemeColors } from '../../../shared/settings.contract.ts';
import { completeThemeColors } from './settings-load.ts';

/** Writes the server's theme colours into the CSS variables Tailwind's palette reads. */
export function applyThemeColors(colors: ThemeColors) {
  const complete = completeThemeColors(colors);
  if (!complete) return;
  const style = document.documentElement.style;
  for (const [shade, value] of Object.entries(complete)) {
    // The server's HTML already carries them: writing them again would restyle the whole page.
    if (style.getPropertyValue(`--theme-${shade}`) !== value) style.setProperty(`--theme-${shade}`, value);
  }
}
