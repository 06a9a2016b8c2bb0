import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
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
  close(): Promise<void>;
}

/** Fixed windows in this process: enough for one instance and for tests (the clock moves the windows). */
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
    async close() {},
  };
}

/** Fixed windows in Redis, shared by every instance of the store. */
export function createRedisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async hit(key, rule) {
      const redisKey = `rate:${key}`;
      const [[, count], [, ttl]] = (await redis
        .multi()
        .incr(redisKey)
        .pttl(redisKey)
        .exec()) as [[null, number], [null, number]];
      let ttlMs = ttl;
      if (ttl < 0) {
        await redis.pexpire(redisKey, rule.windowSeconds * 1000);
        ttlMs = rule.windowSeconds * 1000;
      }
      return { allowed: count <= rule.limit, retryAfterSeconds: Math.ceil(ttlMs / 1000) };
    },
    async reset(key) {
      await redis.del(`rate:${key}`);
    },
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * Limits per client address, scaled by IP_RATE_LIMIT_FACTOR: stores where many shoppers share one
 * address (an office NAT) and load tests raise it; per-account limits never change.
 */
export async function enforceIpRateLimit(app: FastifyInstance, name: string, ip: string, rule: RateRule): Promise<void> {
  await enforceRateLimit(app.rateLimiter, `${name}:ip:${ip}`, { ...rule, limit: rule.limit * app.config.ipRateLimitFactor });
}

/** Counts a hit and refuses with 429 (and Retry-After) once the key is over its rule. */
export async function enforceRateLimit(limiter: RateLimiter, key: string, rule: RateRule): Promise<void> {
  const { allowed, retryAfterSeconds } = await limiter.hit(key, rule);
  if (!allowed) throw tooManyAttempts(retryAfterSeconds);
}

export function tooManyAttempts(retryAfterSeconds: number) {
  return new HttpError(429, 'Too many attempts. Please try again later.', undefined, { 'retry-after': String(retryAfterSeconds) });
}
