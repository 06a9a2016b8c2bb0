import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
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

/** How long an address's hashes count towards its share of the queue (this window and the last). */
const SHARE_WINDOW_MS = 10_000;

/** Who asked for a hash: its network address (`clientAddressKey`); the store's own work (seed, fixtures) has none and is held only by the queue's length. */
export type HashClient = string | undefined;
const OWN_WORK = 'store';

export interface PasswordHasher {
  /** Refuses with 429 at once when the queue has no place for this client, so a login can be turned away before any other work. */
  ensureCapacity(client?: HashClient): void;
  hash(password: string, client?: HashClient): Promise<string>;
  verify(password: string, stored: string, client?: HashClient): Promise<boolean>;
  /** Spends the time of a real check, so an unknown account cannot be told from a wrong password by timing. */
  verifyDecoy(password: string, client?: HashClient): Promise<false>;
}

interface WaitingHash {
  run: () => void;
  refuse: (error: unknown) => void;
}

/**
 * A queue of hashes fair between the addresses asking (decision 009): the waiting take turns
 * address by address, and when every place is taken an address that
 * asked for fewer hashes lately takes the place of the newest of the address that asked for most,
 * which gets the 429. What an address asked for counts whether it got a place or a 429: a storm
 * spread over many addresses gets about one hash each, no more than a quiet shopper, but keeps
 * asking. A storm, from one address or many, cannot keep a quiet address's login out.
 */
function fairQueue(limits: HashingLimits, now: () => number) {
  const waiting = new Map<string, WaitingHash[]>();
  let waitingCount = 0;
  let running = 0;
  let windowStart = now();
  let current = new Map<string, number>();
  let previous = new Map<string, number>();

  const share = (address: string) => {
    if (now() - windowStart >= SHARE_WINDOW_MS) {
      previous = now() - windowStart >= 2 * SHARE_WINDOW_MS ? new Map() : current;
      current = new Map();
      windowStart = now();
    }
    return (current.get(address) ?? 0) + (previous.get(address) ?? 0);
  };
  /** The waiting address that asked for most lately, when it asked for more than this one (the store's own work is never put off). */
  const victimFor = (address: string) => {
    let victim: string | undefined;
    for (const other of waiting.keys()) if (other !== OWN_WORK && (victim === undefined || share(other) >= share(victim))) victim = other;
    return victim !== undefined && victim !== address && share(victim) > share(address) ? victim : undefined;
  };
  const asked = (address: string) => {
    share(address); // moves the windows on first
    current.set(address, (current.get(address) ?? 0) + 1);
  };
  const refused = (address: string) => {
    if (waitingCount < limits.maxWaiting || victimFor(address)) return false;
    asked(address);
    return true;
  };
  const startNext = () => {
    while (running < limits.concurrency) {
      const [address, queue] = waiting.entries().next().value ?? [];
      if (address === undefined || !queue) return;
      const job = queue.shift()!;
      waitingCount -= 1;
      // The address goes to the back of the line: the others each take a turn before its next hash.
      waiting.delete(address);
      if (queue.length > 0) waiting.set(address, queue);
      running += 1;
      job.run();
    }
  };

  return {
    ensureCapacity(client: HashClient) {
      if (refused(client ?? OWN_WORK)) throw tooManyAttempts(BUSY_RETRY_AFTER_SECONDS);
    },
    add<T>(client: HashClient, task: () => Promise<T>): Promise<T> {
      const address = client ?? OWN_WORK;
      if (refused(address)) return Promise.reject(tooManyAttempts(BUSY_RETRY_AFTER_SECONDS));
      if (waitingCount >= limits.maxWaiting) {
        const victim = victimFor(address)!;
        const theirs = waiting.get(victim)!;
        theirs.pop()!.refuse(tooManyAttempts(BUSY_RETRY_AFTER_SECONDS));
        waitingCount -= 1;
        if (theirs.length === 0) waiting.delete(victim);
      }
      asked(address);
      return new Promise<T>((resolve, reject) => {
        const job: WaitingHash = {
          refuse: reject,
          run: () => {
            task()
              .then(resolve, reject)
              .finally(() => {
                running -= 1;
                startNext();
              });
          },
        };
        waiting.set(address, [...(waiting.get(address) ?? []), job]);
        waitingCount += 1;
        startNext();
      });
    },
  };
}

/**
 * scrypt hashes that carry their parameters (`scrypt$N$r$p$salt$key`), so the cost can be raised
 * later without breaking stored passwords. Tests pass cheaper parameters to stay quick. Every hash
 * waits its turn in a bounded queue fair between addresses; past it the caller gets 429 before any hashing starts.
 */
export function createPasswordHasher(
  params: ScryptParams = OWASP_SCRYPT,
  limits: HashingLimits = DEFAULT_HASHING_LIMITS,
  deriveKey: DeriveKey = scryptKey,
  now: () => number = () => performance.now(),
): PasswordHasher {
  const queue = fairQueue(limits, now);
  const derive = (password: string, salt: Buffer, keyParams: ScryptParams, client: HashClient) => queue.add(client, () => deriveKey(password, salt, keyParams));
  return {
    ensureCapacity: (client) => queue.ensureCapacity(client),
    async hash(password, client) {
      const salt = randomBytes(16);
      const key = await derive(password, salt, params, client);
      return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
    },
    async verify(password, stored, client) {
      const [scheme, N, r, p, salt, key] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !key) return false;
      const expected = Buffer.from(key, 'base64');
      const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) }, client);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    async verifyDecoy(password, client) {
      await derive(password, randomBytes(16), params, client);
      return false;
    },
  };
}
