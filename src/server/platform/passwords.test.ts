import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createPasswordHasher, OWASP_SCRYPT } from './passwords.ts';

describe('password hashing', () => {
  it('uses OWASP’s scrypt parameters unless told otherwise, and stores them with each hash', async () => {
    expect(loadConfig({}).passwordHashParams).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const hash = await createPasswordHasher(OWASP_SCRYPT).hash('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(hash).not.toContain('correct horse');
  });

  it('accepts the right password only, salting every hash differently', async () => {
    const hasher = createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });
    const first = await hasher.hash('s3cret-password');
    expect(await hasher.hash('s3cret-password')).not.toBe(first);
    expect(await hasher.verify('s3cret-password', first)).toBe(true);
    expect(await hasher.verify('s3cret-Password', first)).toBe(false);
    expect(await hasher.verify('s3cret-password', 'not-a-hash')).toBe(false);
    expect(await hasher.verifyDecoy('anything')).toBe(false);
  });

  it('still verifies hashes made with other parameters after the cost changes', async () => {
    const old = await createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 }).hash('long-lived-password');
    expect(await createPasswordHasher({ N: 2 ** 11, r: 8, p: 1 }).verify('long-lived-password', old)).toBe(true);
  });
});
