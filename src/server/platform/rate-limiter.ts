import { isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Clock } from './clock.ts';
import { HttpError } from './errors.ts';

export interface RateRule {
  /** How many hits a key may make per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit for the key; answers how long to wait when the key is over its rule. */
  hit(key: string, rule: RateRule): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Forgets a key's hits (a successful login clears its failures). */
  reset(key: string): Promise<void>;
}

/**
 * Fixed windows in this process, on the app's clock: a single instance's limits. Windows follow the
 * clock rather than the system time so that every rule that expires moves with it (tests step past
 * windows without waiting), which rate-limiter-flexible's memory limiter cannot do.
 */
export function createMemoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetsAt: number }>();
  return {
    async hit(key, rule) {
      const now = clock.now().getTime();
      let window = windows.get(key);
      if (!window || window.resetsAt <= now) {
        window = { count: 0, resetsAt: now + rule.windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      if (windows.size > 100_000) {
        for (const [stale, { resetsAt }] of windows) if (resetsAt <= now) windows.delete(stale);
      }
      return { allowed: window.count <= rule.limit, retryAfterSeconds: Math.ceil((window.resetsAt - now) / 1000) };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

const REDIS_KEY_PREFIX = 'rate';

/**
 * Limits shared by every instance, kept in Redis by rate-limiter-flexible: one script counts a hit
 * and sets its window's expiry together, so no key outlives its window. While Redis is unreachable
 * each instance counts in its own memory (the library's insurance limiter) and answers at once;
 * once Redis is back the shared counts apply again.
 */
export function createRedisRateLimiter(redis: Redis, onError: (error: unknown) => void): RateLimiter {
  const byRule = new Map<string, { shared: RateLimiterRedis; local: RateLimiterMemory }>();
  const limitersFor = ({ limit, windowSeconds }: RateRule) => {
    const name = `${limit}/${windowSeconds}`;
    let limiters = byRule.get(name);
    if (!limiters) {
      const rule = { keyPrefix: REDIS_KEY_PREFIX, points: limit, duration: windowSeconds };
      const local = new RateLimiterMemory(rule);
      limiters = { shared: new RateLimiterRedis({ ...rule, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: local }), local };
      byRule.set(name, limiters);
    }
    return limiters;
  };
  const verdict = (allowed: boolean, { msBeforeNext }: RateLimiterRes) => ({ allowed, retryAfterSeconds: Math.ceil(msBeforeNext / 1000) });
  return {
    async hit(key, rule) {
      try {
        return verdict(true, await limitersFor(rule).shared.consume(key));
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return verdict(false, refusal);
        throw refusal;
      }
    },
    async reset(key) {
      await Promise.all([...byRule.values()].map(({ local }) => local.delete(key)));
      // Redis being away must not fail what the reset follows (a successful login); its count then ends with its window.
      await redis.del(`${REDIS_KEY_PREFIX}:${key}`).catch(onError);
    },
  };
}

/**
 * The part of a client's address that stands for one client: an IPv4 address, or the /64 network of an
 * IPv6 one (a home or a phone gets a whole /64, so counting single IPv6 addresses limits nothing).
 */
export function clientAddressKey(ip: string): string {
  const mappedIpv4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mappedIpv4) return mappedIpv4[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  // A dotted IPv4 tail stands for the last two groups.
  const groupsOf = (part: string) => (part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []);
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Limits per client address (IPv6 per /64), scaled by IP_RATE_LIMIT_FACTOR: stores where many shoppers
 * share one address (an office NAT) and load tests raise it; per-account limits never change.
 */
export async function enforceIpRateLimit(app: FastifyInstance, name: string, ip: string, rule: RateRule): Promise<void> {
  await enforceRateLimit(app.rateLimiter, `${name}:ip:${clientAddressKey(ip)}`, { ...rule, limit: rule.limit * app.config.ipRateLimitFactor });
}

/** Counts a hit and refuses with 429 (and Retry-After) once the key is over its rule. */
export async function enforceRateLimit(limiter: RateLimiter, key: string, rule: RateRule): Promise<void> {
  const { allowed, retryAfterSeconds } = await limiter.hit(key, rule);
  if (!allowed) throw tooManyAttempts(retryAfterSeconds);
}

export function tooManyAttempts(retryAfterSeconds: number) {
  return new HttpError(429, 'Too many attempts. Please try again later.', undefined, { 'retry-after': String(retryAfterSeconds) });
}
