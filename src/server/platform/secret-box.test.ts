import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const SECRET = 'a store secret of at least thirty-two characters';

describe('the secret box', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = createSecretBox(SECRET, 'payout details');
    const first = box.seal('DE89 3704 0044 0532 0130 00');
    const second = box.seal('DE89 3704 0044 0532 0130 00');
    expect(first).not.toContain('3704');
    expect(first).not.toBe(second);
    expect(box.open(first)).toBe('DE89 3704 0044 0532 0130 00');
    expect(box.open(second)).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('refuses a value changed, or sealed under another secret or purpose', () => {
    const sealed = createSecretBox(SECRET, 'payout details').seal('Ada Lovelace');
    const [version, nonce, tag, body] = sealed.split('.');
    const flipped = `${body!.slice(0, -2)}${body!.endsWith('A') ? 'B' : 'A'}${body!.slice(-1)}`;
    expect(() => createSecretBox(SECRET, 'payout details').open([version, nonce, tag, flipped].join('.'))).toThrow();
    expect(() => createSecretBox(`${SECRET}!`, 'payout details').open(sealed)).toThrow();
    expect(() => createSecretBox(SECRET, 'another purpose').open(sealed)).toThrow();
    expect(() => createSecretBox(SECRET, 'payout details').open('plain text')).toThrow('Not a sealed value');
  });
});
