import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import PQueue from 'p-queue';
import { tooManyAttempts } from './rate-limiter.ts';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * The least memory of OWASP's equivalent scrypt settings: N=2^13, r=8, p=10 (8 MiB per hash, the
 * same work as the others). Its first, N=2^17 with p=1, needs 128 MiB per hash, half of what the
 * whole server may hold (issue 14); N=2^14 with p=5, used before, took 16 MiB, which a login storm
 * added to the server's peak. Hashes made with either still verify, as every hash names its own
 * parameters.
 */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 13, r: 8, p: 10 };

const KEY_LENGTH = 32;

export type DeriveKey = (password: string, salt: Buffer, params: ScryptParams) => Promise<Buffer>;

const scryptKey: DeriveKey = (password, salt, { N, r, p }) =>
  new Promise((resolve, reject) => {
    const maxmem = 256 * N * r * p + 1024 * 1024;
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });

/**
 * How many hashes run at once and how many may wait. scrypt runs on libuv's thread pool, which
 * compression and file reads share: unbounded, a burst of logins takes every thread (and 8 MiB
 * each) and an unrelated page waits seconds for its gzip.
 */
export interface HashingLimits {
  concurrency: number;
  maxWaiting: number;
}

/** Hashes take at most half the cores (one on two), so rendering, compression and the database keep the rest. */
const DEFAULT_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));
export const hashingLimits = (concurrency: number): HashingLimits => ({ concurrency, maxWaiting: 8 * concurrency });
export const DEFAULT_HASHING_LIMITS = hashingLimits(DEFAULT_CONCURRENCY);

/** What a refused caller is told to wait: about the time the full queue takes to drain at OWASP's cost. */
const BUSY_RETRY_AFTER_SECONDS = 3;

export interface PasswordHasher {
  /** Refuses with 429 at once when the queue is full, so a login can be turned away before any other work. */
  ensureCapacity(): void;
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Spends the time of a real check, so an unknown account cannot be told from a wrong password by timing. */
  verifyDecoy(password: string): Promise<false>;
}

/**
 * scrypt hashes that carry their parameters (`scrypt$N$r$p$salt$key`), so the cost can be raised
 * later without breaking stored passwords. Tests pass cheaper parameters to stay quick. Every hash
 * waits its turn in a bounded queue; past it the caller gets 429 before any hashing starts.
 */
export function createPasswordHasher(
  params: ScryptParams = OWASP_SCRYPT,
  limits: HashingLimits = DEFAULT_HASHING_LIMITS,
  deriveKey: DeriveKey = scryptKey,
): PasswordHasher {
  const queue = new PQueue({ concurrency: limits.concurrency });
  const ensureCapacity = () => {
    if (queue.size >= limits.maxWaiting) throw tooManyAttempts(BUSY_RETRY_AFTER_SECONDS);
  };
  const derive = async (password: string, salt: Buffer, keyParams: ScryptParams) => {
    ensureCapacity();
    return queue.add(() => deriveKey(password, salt, keyParams));
  };
  return {
    ensureCapacity,
    async hash(password) {
      const salt = randomBytes(16);
      const key = await derive(password, salt, params);
      return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
    },
    async verify(password, stored) {
      const [scheme, N, r, p, salt, key] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !key) return false;
      const expected = Buffer.from(key, 'base64');
      const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) });
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    async verifyDecoy(password) {
      await derive(password, randomBytes(16), params);
      return false;
    },
  };
}
