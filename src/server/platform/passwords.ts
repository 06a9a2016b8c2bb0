import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt parameters: N=2^17 (128 MiB), r=8, p=1. */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const maxmem = 256 * N * r * p + 1024 * 1024;
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Spends the time of a real check, so an unknown account cannot be told from a wrong password by timing. */
  verifyDecoy(password: string): Promise<false>;
}

/**
 * scrypt hashes that carry their parameters (`scrypt$N$r$p$salt$key`), so the cost can be raised
 * later without breaking stored passwords. Tests pass cheaper parameters to stay quick.
 */
export function createPasswordHasher(params: ScryptParams = OWASP_SCRYPT): PasswordHasher {
  let decoy: Promise<string> | undefined;
  const hash = async (password: string) => {
    const salt = randomBytes(16);
    const key = await derive(password, salt, params);
    return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
  };
  const verify = async (password: string, stored: string) => {
    const [scheme, N, r, p, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64');
    const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };
  return {
    hash,
    verify,
    async verifyDecoy(password) {
      decoy ??= hash(randomBytes(16).toString('hex'));
      await verify(password, await decoy);
      return false;
    },
  };
}
