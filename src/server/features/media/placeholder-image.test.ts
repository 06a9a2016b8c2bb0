import { describe, expect, it } from 'vitest';
import { placeholderKinds, placeholderPath, renderPlaceholderSvg } from './placeholder-image.ts';

function stopColors(svg: string): string[] {
  return [...svg.matchAll(/stop-color="(#[0-9a-f]{6})"/g)].map((match) => match[1] ?? '');
}

function textContent(svg: string): string | undefined {
  return /<text[^>]*>([^<]*)<\/text>/.exec(svg)?.[1];
}

function attribute(svg: string, name: string): string | undefined {
  return new RegExp(`<svg[^>]* ${name}="([^"]*)"`).exec(svg)?.[1];
}

describe('renderPlaceholderSvg', () => {
  it('is deterministic', () => {
    const options = { kind: 'product', label: 'Organic Honey' };
    expect(renderPlaceholderSvg(options)).toBe(renderPlaceholderSvg({ ...options }));
  });

  it('produces a standalone SVG document for every kind', () => {
    for (const kind of placeholderKinds) {
      const svg = renderPlaceholderSvg({ kind, label: 'Fresh Fruits' });
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(attribute(svg, 'viewBox')).toBe(`0 0 ${attribute(svg, 'width')} ${attribute(svg, 'height')}`);
      expect(svg.match(/<svg\b/g)).toHaveLength(1);
    }
  });

  it('derives two different gradient colours from the label', () => {
    const first = stopColors(renderPlaceholderSvg({ kind: 'category', label: 'Electronics' }));
    const second = stopColors(renderPlaceholderSvg({ kind: 'category', label: 'Groceries' }));
    expect(first).toHaveLength(2);
    expect(first[0]).not.toBe(first[1]);
    expect(first).not.toEqual(second);
  });

  it('prefers the seed over the label for colours', () => {
    const a = renderPlaceholderSvg({ kind: 'shop', label: 'Alpha', seed: 'same' });
    const b = renderPlaceholderSvg({ kind: 'shop', label: 'Beta', seed: 'same' });
    expect(stopColors(a)).toEqual(stopColors(b));
  });

  it('escapes the label for XML', () => {
    const svg = renderPlaceholderSvg({ kind: 'logo', label: '<script>&"\'' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;&amp;&quot;&apos;');
    // Every ampersand left must start an entity.
    expect(svg.replace(/&(amp|lt|gt|quot|apos);/g, '')).not.toContain('&');
  });

  it('drops characters XML cannot represent', () => {
    const svg = renderPlaceholderSvg({ kind: 'logo', label: 'A\u0000B\u001fC' });
    expect(textContent(svg)).toBe('ABC');
  });

  it('shows up to two upper-case initials', () => {
    expect(textContent(renderPlaceholderSvg({ kind: 'product', label: 'organic green tea' }))).toBe('OG');
    expect(textContent(renderPlaceholderSvg({ kind: 'category', label: 'electronics' }))).toBe('E');
    expect(textContent(renderPlaceholderSvg({ kind: 'avatar', label: 'jean-luc picard' }))).toBe('JL');
  });

  it('renders text in white semi-bold system-ui', () => {
    const svg = renderPlaceholderSvg({ kind: 'blog', label: 'News' });
    expect(svg).toMatch(/<text[^>]*fill="#ffffff"/);
    expect(svg).toMatch(/<text[^>]*font-weight="600"/);
    expect(svg).toMatch(/<text[^>]*font-family="system-ui, sans-serif"/);
  });

  it('throws a RangeError for an unknown kind', () => {
    expect(() => renderPlaceholderSvg({ kind: 'poster', label: 'X' })).toThrow(RangeError);
  });

  it('shows the full label on a logo, sized to fit', () => {
    const short = renderPlaceholderSvg({ kind: 'logo', label: 'Shop' });
    const long = renderPlaceholderSvg({ kind: 'logo', label: 'The Very Long Store Name' });
    expect(textContent(long)).toBe('The Very Long Store Name');
    const fontSize = (svg: string): number => Number(/font-size="([\d.]+)"/.exec(svg)?.[1]);
    expect(fontSize(long)).toBeLessThan(fontSize(short));
    expect(fontSize(short)).toBeLessThanOrEqual(64);
  });

  it('draws a QR-like grid without text', () => {
    const svg = renderPlaceholderSvg({ kind: 'qr', label: 'https://example.com/p/1' });
    expect(svg).not.toContain('<text');
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toMatch(/<path d="(M[\d.]+ [\d.]+h[\d.]+v[\d.]+h-[\d.]+z)+" fill="#000000"/);
    // Three finder patterns of three nested squares each.
    expect(svg.match(/<rect x=/g)).toHaveLength(9);
    const other = renderPlaceholderSvg({ kind: 'qr', label: 'https://example.com/p/2' });
    expect(other).not.toBe(svg);
  });

  it('uses default sizes per kind', () => {
    const size = (kind: string): string => {
      const svg = renderPlaceholderSvg({ kind, label: 'Size' });
      return `${attribute(svg, 'width')}x${attribute(svg, 'height')}`;
    };
    expect(size('banner')).toBe('1200x400');
    expect(size('shop-banner')).toBe('1200x400');
    expect(size('logo')).toBe('240x64');
    expect(size('qr')).toBe('160x160');
    expect(size('social')).toBe('64x64');
    expect(size('payment')).toBe('64x64');
    expect(size('product')).toBe('400x400');
  });

  it('clamps width and height', () => {
    const svg = renderPlaceholderSvg({ kind: 'product', label: 'X', width: 5, height: 99999 });
    expect(attribute(svg, 'width')).toBe('16');
    expect(attribute(svg, 'height')).toBe('2000');
  });
});

describe('placeholderPath', () => {
  it('builds an encoded URL path', () => {
    expect(placeholderPath('product', 'tea & cake/2')).toBe('/media/placeholder/product/tea%20%26%20cake%2F2.svg');
  });
});
