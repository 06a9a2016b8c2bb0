import { describe, expect, it } from 'vitest';
import { createLinkSigner } from './signed-links.ts';

const now = new Date('2026-03-01T10:00:00Z');
const inAnHour = new Date(now.getTime() + 3_600_000);

describe('signed links', () => {
  const signer = createLinkSigner('a secret of at least thirty-two characters');
  const token = signer.sign('blog-preview', '7', inAnHour);

  it('open their subject until they expire', () => {
    expect(signer.verify('blog-preview', '7', token, now)).toBe(true);
    expect(signer.verify('blog-preview', '7', token, inAnHour)).toBe(false);
  });

  it('open nothing else, and nothing once changed', () => {
    expect(signer.verify('blog-preview', '8', token, now)).toBe(false);
    expect(signer.verify('page-preview', '7', token, now)).toBe(false);
    expect(signer.verify('blog-preview', '7', `${token}x`, now)).toBe(false);
    expect(signer.verify('blog-preview', '7', 'nonsense', now)).toBe(false);
    expect(createLinkSigner('another secret of at least thirty-two characters').verify('blog-preview', '7', token, now)).toBe(false);
  });
});
