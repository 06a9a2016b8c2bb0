import type { Redis } from 'ioredis';

/**
 * Per-user events for the live connections (`GET /api/events`). Every event gets an id that orders
 * it among the user's events — `{milliseconds}-{sequence}`, as a Redis stream numbers its entries —
 * and the latest ones are kept, so a client that reconnects with the last id it saw gets what it missed.
 */
export interface BusEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  /** Records the event for replay and hands it to the user's listeners on every instance. */
  publish(userId: number, type: string, data: Record<string, unknown>): Promise<BusEvent>;
  /** Starts listening (resolves once events published from now on will arrive); answers how to stop. */
  subscribe(userId: number, listener: BusListener): Promise<() => void>;
  /** The kept events of the user that came after `lastEventId`, oldest first. */
  eventsAfter(userId: number, lastEventId: string): Promise<BusEvent[]>;
  close(): Promise<void>;
}

/** How many recent events per user are kept for replay, and for how long after the last one. */
export const REPLAY_LIMIT = 100;
export const REPLAY_TTL_SECONDS = 24 * 60 * 60;

const EVENT_ID = /^(\d{1,15})-(\d{1,15})$/;

export const isEventId = (text: string): boolean => EVENT_ID.test(text);

/** Negative, zero or positive as `a` came before, is, or came after `b`. */
export function compareEventIds(a: string, b: string): number {
  const [, aMs, aSeq] = EVENT_ID.exec(a) ?? [];
  const [, bMs, bSeq] = EVENT_ID.exec(b) ?? [];
  return Number(aMs) - Number(bMs) || Number(aSeq) - Number(bSeq);
}

/** The listeners of this instance, by user; one failing listener never keeps an event from the others. */
function createListenerRegistry(onError: (error: unknown) => void) {
  const byUser = new Map<number, Set<BusListener>>();
  return {
    add(userId: number, listener: BusListener) {
      let listeners = byUser.get(userId);
      if (!listeners) byUser.set(userId, (listeners = new Set()));
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && byUser.get(userId) === listeners) byUser.delete(userId);
      };
    },
    dispatch(userId: number, event: BusEvent) {
      for (const listener of byUser.get(userId) ?? []) {
        try {
          listener(event);
        } catch (error) {
          onError(error);
        }
      }
    },
  };
}

interface BusOptions {
  /** Where a failure nobody awaits goes (a listener's throw, a lost Redis connection). */
  onError?: (error: unknown) => void;
  /** The time event ids are made from; tests pass their own. */
  now?: () => number;
}

/** Hands out event ids in order: never going back, also within one millisecond, and after every id it was shown. */
function createEventIds(now: () => number) {
  let lastMs = 0;
  let sequence = 0;
  return {
    next() {
      const ms = Math.max(now(), lastMs);
      sequence = ms === lastMs ? sequence + 1 : 0;
      lastMs = ms;
      return `${ms}-${sequence}`;
    },
    /** The milliseconds of the latest id. */
    get latestMs() {
      return lastMs;
    },
    /** An id made elsewhere (by Redis): ids handed out from now on come after it. */
    saw(id: string) {
      if (compareEventIds(id, `${lastMs}-${sequence}`) <= 0) return;
      [lastMs, sequence] = id.split('-').map(Number) as [number, number];
    },
  };
}

/** One instance, no Redis: events live in this process (enough for a single server and for tests). */
export function createMemoryEventBus({ onError = () => undefined, now = () => Date.now() }: BusOptions = {}): EventBus {
  const logs = new Map<number, { events: BusEvent[]; touchedAt: number }>();
  const listeners = createListenerRegistry(onError);
  const ids = createEventIds(now);

  const forgetQuietUsers = (at: number) => {
    for (const [userId, log] of logs) if (at - log.touchedAt > REPLAY_TTL_SECONDS * 1000) logs.delete(userId);
  };

  return {
    async publish(userId, type, data) {
      const event: BusEvent = { id: ids.next(), type, data };
      const log = logs.get(userId) ?? { events: [], touchedAt: 0 };
      log.events.push(event);
      if (log.events.length > REPLAY_LIMIT) log.events.splice(0, log.events.length - REPLAY_LIMIT);
      log.touchedAt = ids.latestMs;
      logs.set(userId, log);
      if (logs.size > 10_000) forgetQuietUsers(ids.latestMs);
      listeners.dispatch(userId, event);
      return event;
    },
    async subscribe(userId, listener) {
      return listeners.add(userId, listener);
    },
    async eventsAfter(userId, lastEventId) {
      return (logs.get(userId)?.events ?? []).filter((event) => compareEventIds(event.id, lastEventId) > 0);
    },
    async close() {
      logs.clear();
    },
  };
}

interface ChannelMessage {
  userId: number;
  event: BusEvent;
}

/** Events published while Redis was unreachable that this instance keeps for it, at most. */
const UNSENT_LIMIT = 10_000;

/** Redis refuses an explicit stream id that is not above the stream's newest one. */
const isStaleIdError = (error: unknown) => error instanceof Error && error.message.includes('equal or smaller than the target stream top item');

/**
 * Several instances on one Redis: each user's recent events are a capped stream (`{prefix}:live-events:{userId}`,
 * its entry ids are the event ids) and every event is announced on one pub/sub channel, which each
 * instance hears on its subscriber connection and hands to the listeners it has for that user.
 *
 * While Redis is unreachable, publishing neither waits nor fails: the event gets an id here (after
 * every id this instance has seen), goes straight to this instance's listeners and waits in a
 * bounded in-process list, which replay reads too, so a shopper reconnecting to this instance gets it.
 * Once Redis is back the list is written to the streams in order, under the same ids where Redis
 * accepts them (a client that already got one then skips it), and announced, so every instance
 * can replay and deliver it. Delivery is at least once: an event re-numbered on the way, or a
 * command that timed out yet ran, can reach a client twice, never zero times while this process lives.
 */
export function createRedisEventBus(
  { commands, subscriber }: { commands: Redis; subscriber: Redis },
  { prefix, onError = () => undefined, now = () => Date.now() }: BusOptions & { prefix: string },
): EventBus {
  const channel = `${prefix}:live-events`;
  const streamKey = (userId: number) => `${prefix}:live-events:${userId}`;
  const listeners = createListenerRegistry(onError);
  const ids = createEventIds(now);
  const unsent: ChannelMessage[] = [];

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const { userId, event } = JSON.parse(text) as ChannelMessage;
      ids.saw(event.id);
      listeners.dispatch(userId, event);
    } catch (error) {
      onError(error);
    }
  });
  const listening = subscriber.subscribe(channel);
  // Awaited by every subscribe(); this only keeps a refused SUBSCRIBE from being an unhandled rejection.
  listening.catch(onError);

  const parseEntry = ([id, fields]: [string, string[]]): BusEvent => {
    const { type, data } = JSON.parse(fields[1] ?? '{}') as Omit<BusEvent, 'id'>;
    return { id, type, data };
  };

  /** Adds the event to its user's stream, under the given id or a new one; answers the id it got. */
  const append = async (userId: number, { type, data }: Omit<BusEvent, 'id'>, id = '*') => {
    const key = streamKey(userId);
    const results = await commands
      .multi()
      .xadd(key, 'MAXLEN', REPLAY_LIMIT, id, 'event', JSON.stringify({ type, data }))
      .expire(key, REPLAY_TTL_SECONDS)
      .exec();
    const [error, storedId] = results?.[0] ?? [new Error('the event was not stored')];
    if (error) throw error;
    ids.saw(String(storedId));
    return String(storedId);
  };

  /** Tells every instance; when that fails, at least this instance's listeners get it (other instances replay it). */
  const announce = async (message: ChannelMessage) => {
    try {
      await commands.publish(channel, JSON.stringify(message));
    } catch (error) {
      onError(error);
      listeners.dispatch(message.userId, message.event);
    }
  };

  const sendUnsent = async () => {
    try {
      while (unsent.length > 0) {
        const { userId, event } = unsent[0]!;
        const id = await append(userId, event, event.id).catch((error: unknown) => {
          if (isStaleIdError(error)) return append(userId, event);
          throw error;
        });
        unsent.shift();
        await announce({ userId, event: { ...event, id } });
      }
    } catch (error) {
      onError(error);
    }
  };
  let sending: Promise<void> | undefined;
  const flush = () => {
    sending ??= sendUnsent().finally(() => (sending = undefined));
    return sending;
  };
  commands.on('ready', () => void flush());

  const keep = (message: ChannelMessage) => {
    unsent.push(message);
    if (unsent.length > UNSENT_LIMIT) {
      unsent.splice(0, unsent.length - UNSENT_LIMIT);
      onError(new Error(`more than ${UNSENT_LIMIT} live events waiting for Redis: the oldest were dropped`));
    }
    listeners.dispatch(message.userId, message.event);
    if (commands.status === 'ready') void flush();
    return message.event;
  };

  return {
    async publish(userId, type, data) {
      // Behind events still waiting for Redis, a new one waits too: the stream keeps them in order.
      if (unsent.length === 0 && commands.status === 'ready') {
        try {
          const event: BusEvent = { id: await append(userId, { type, data }), type, data };
          await announce({ userId, event });
          return event;
        } catch (error) {
          onError(error);
        }
      }
      return keep({ userId, event: { id: ids.next(), type, data } });
    },
    async subscribe(userId, listener) {
      await listening;
      return listeners.add(userId, listener);
    },
    async eventsAfter(userId, lastEventId) {
      const after = (event: BusEvent) => compareEventIds(event.id, lastEventId) > 0;
      const waiting = unsent.filter((message) => message.userId === userId && after(message.event)).map(({ event }) => event);
      let stored: BusEvent[] = [];
      if (commands.status === 'ready') {
        try {
          stored = (await commands.xrange(streamKey(userId), `(${lastEventId}`, '+', 'COUNT', REPLAY_LIMIT)).map(parseEntry);
        } catch (error) {
          onError(error);
        }
      }
      // An event being written to Redis right now can be in both.
      const byId = new Map([...stored, ...waiting].map((event) => [event.id, event]));
      return [...byId.values()].sort((a, b) => compareEventIds(a.id, b.id));
    },
    async close() {
      await sending;
    },
  };
}
