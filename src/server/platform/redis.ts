import { once } from 'node:events';
import { Redis } from 'ioredis';

/** How long one Redis command may take before the caller falls back (rate limits in process, events kept locally). */
const REDIS_COMMAND_TIMEOUT_MS = 250;
/** How long a start waits for Redis, so the first requests already count in it; a Redis that is down does not stop the start. */
const READY_WAIT_MS = 2_000;

interface RedisLog {
  error(details: { err: unknown }, message: string): void;
  info(message: string): void;
}

/** Logs one line when Redis goes away and one when it is back, not one per reconnect attempt. */
function reportOutages(redis: Redis, name: string, log: RedisLog): Redis {
  let reachable = true;
  redis.on('error', (error: unknown) => {
    if (!reachable) return;
    reachable = false;
    log.error({ err: error }, `Redis unreachable (${name} connection)`);
  });
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    log.info(`Redis reachable again (${name} connection)`);
  });
  return redis;
}

/**
 * The store's command connection. A command never waits for Redis: while it is unreachable commands
 * fail at once (no offline queue) and an answer that does not come is given up after
 * REDIS_COMMAND_TIMEOUT_MS, so requests go on without it (rate limits count per instance, live events
 * wait in process). Commands cut off by a lost connection are not sent again after reconnecting:
 * their callers have already gone on without them. ioredis keeps reconnecting by itself.
 */
export function openRedis(url: string, log: RedisLog): Redis {
  return reportOutages(
    new Redis(url, {
      enableOfflineQueue: false,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
      autoResendUnfulfilledCommands: false,
    }),
    'commands',
    log,
  );
}

/**
 * The connection live events arrive on. Its SUBSCRIBE waits for Redis however long it takes and is
 * made again on every reconnect; no request waits on it once the store has started.
 */
export function openRedisSubscriber(url: string, log: RedisLog): Redis {
  return reportOutages(new Redis(url, { maxRetriesPerRequest: null }), 'subscriber', log);
}

/** Resolves once the connection is ready, or when Redis refuses or does not answer within READY_WAIT_MS. */
export async function waitUntilReady(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return;
  await once(redis, 'ready', { signal: AbortSignal.timeout(READY_WAIT_MS) }).catch(() => undefined);
}
