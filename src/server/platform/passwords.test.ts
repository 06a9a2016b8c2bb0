import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { HttpError } from './errors.ts';
import { createPasswordHasher, OWASP_SCRYPT, type DeriveKey } from './passwords.ts';

describe('password hashing', () => {
  it('uses OWASP’s scrypt parameters unless told otherwise, and stores them with each hash', async () => {
    expect(loadConfig({}).passwordHashParams).toEqual({ N: 2 ** 13, r: 8, p: 10 });
    const hash = await createPasswordHasher(OWASP_SCRYPT).hash('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$8192\$8\$10\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
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

  it('hashes on half the cores (at least one) with eight times as many waiting, unless PASSWORD_HASH_CONCURRENCY says otherwise', () => {
    const concurrency = Math.max(1, Math.floor(availableParallelism() / 2));
    expect(loadConfig({}).passwordHashing).toEqual({ concurrency, maxWaiting: 8 * concurrency });
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '4' }).passwordHashing).toEqual({ concurrency: 4, maxWaiting: 32 });
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
  });

  it('hashes two at a time, lets a few wait, and refuses the rest with 429 before hashing them', async () => {
    const { started, release, slowKey } = heldKeys();
    const hasher = createPasswordHasher(OWASP_SCRYPT, { concurrency: 2, maxWaiting: 3 }, slowKey);
    const passwords = ['one', 'two', 'three', 'four', 'five', 'six', 'seven'];
    const outcomes = passwords.map((password) => hasher.verifyDecoy(password).then(() => 'checked', (error: unknown) => error));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['one', 'two']);

    release();
    const settled = await Promise.all(outcomes);
    expect(settled.slice(0, 5)).toEqual(['checked', 'checked', 'checked', 'checked', 'checked']);
    for (const refusal of settled.slice(5)) {
      expect(refusal).toBeInstanceOf(HttpError);
      expect(refusal).toMatchObject({ statusCode: 429, message: 'Too many attempts. Please try again later.', headers: { 'retry-after': '3' } });
    }
    expect(started).toEqual(['one', 'two', 'three', 'four', 'five']);
  });
  it('lets one address fill the free places, and a quiet address take the newest place of the busiest one', async () => {
    const { started, release, slowKey } = heldKeys();
    const hasher = createPasswordHasher(OWASP_SCRYPT, { concurrency: 1, maxWaiting: 3 }, slowKey);
    const outcome = (password: string, client: string) => hasher.verifyDecoy(password, client).then(() => 'checked', (error: unknown) => (error as HttpError).statusCode);
    const office = ['a1', 'a2', 'a3', 'a4'].map((password) => outcome(password, '203.0.113.7'));
    await new Promise((resolve) => setImmediate(resolve));
    const quiet = outcome('b1', '198.51.100.2');

    release();
    expect(await Promise.all([...office, quiet])).toEqual(['checked', 'checked', 'checked', 429, 'checked']);
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
  });

  it('counts the asks an address was refused: a quiet address takes the place of a storm address that keeps asking, though each hashed once', async () => {
    const { started, release, slowKey } = heldKeys();
    const hasher = createPasswordHasher(OWASP_SCRYPT, { concurrency: 1, maxWaiting: 3 }, slowKey);
    const outcome = (password: string, client: string) => hasher.verifyDecoy(password, client).then(() => 'checked', (error: unknown) => (error as HttpError).statusCode);
    const quietAddress = '198.51.100.2';
    const earlier = outcome('b0', quietAddress);
    const storm = ['10.47.0.1', '10.47.0.2', '10.47.0.3'].map((address, index) => outcome(`a${index + 1}`, address));
    await new Promise((resolve) => setImmediate(resolve));
    const stormAgain = outcome('again', '10.47.0.3');
    const quiet = outcome('b1', quietAddress);

    release();
    expect(await Promise.all([earlier, ...storm, stormAgain, quiet])).toEqual(['checked', 'checked', 'checked', 429, 429, 'checked']);
    expect(started).toEqual(['b0', 'a1', 'a2', 'b1']);
  });
});

/** A key derivation that notes each password it starts on and holds them all until released. */
function heldKeys() {
  const started: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const slowKey: DeriveKey = async (password) => {
    started.push(password);
    await released;
    return Buffer.alloc(32);
  };
  return { started, release: () => release(), slowKey };
}
