import { wcagLuminance } from 'culori/fn';
import { describe, expect, it } from 'vitest';
import { checkContrast, themeFromPrimary } from './theme-readability.ts';
import { themeShades } from './theme.contract.ts';

const primaries = ['#e5541b', '#1d4ed8', '#facc15', '#16a34a', '#7c3aed', '#000000', '#ffffff', '#06b6d4'];

describe('a theme generated from its primary colour', () => {
  it('keeps the primary itself as the shade of its lightness', () => {
    expect(themeFromPrimary('#1D4ED8')).toMatchObject({ primary: '#1d4ed8', '700': '#1d4ed8' });
    expect(themeFromPrimary('#facc15')).toMatchObject({ primary: '#facc15', '200': '#facc15' });
  });

  it('gets darker shade by shade, from 50 to 950', () => {
    for (const primary of primaries) {
      const theme = themeFromPrimary(primary);
      const luminances = themeShades.map((shade) => wcagLuminance(theme[shade]));
      expect(luminances, primary).toEqual([...luminances].sort((a, b) => b - a));
    }
  });

  it('keeps the storefront’s text readable (WCAG AA) whatever the primary', () => {
    for (const primary of primaries) {
      expect(checkContrast(themeFromPrimary(primary)).filter((check) => !check.readable), primary).toEqual([]);
    }
  });

  it('finds a shade changed by hand unreadable, rounding down so 4.50 shown has passed', () => {
    const theme = { ...themeFromPrimary('#1d4ed8'), '700': '#93c5fd', '100': '#2b4fa8' };
    expect(checkContrast(theme)).toEqual([
      { use: 'Buttons, badges and links', text: 'white', background: '700', ratio: 1.8, readable: false },
      expect.objectContaining({ use: 'Buttons under the pointer', readable: true }),
      expect.objectContaining({ use: 'Chips and highlighted filters', text: '800', background: '100', readable: false }),
    ]);
  });
});
