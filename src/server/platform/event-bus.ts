import { Redis } from 'ioredis';

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
}

/** One instance, no Redis: events live in this process (enough for a single server and for tests). */
export function createMemoryEventBus({ onError = () => undefined, now = () => Date.now() }: BusOptions & { now?: () => number } = {}): EventBus {
  const logs = new Map<number, { events: BusEvent[]; touchedAt: number }>();
  const listeners = createListenerRegistry(onError);
  let lastMs = 0;
  let sequence = 0;

  const nextId = () => {
    const ms = Math.max(now(), lastMs);
    sequence = ms === lastMs ? sequence + 1 : 0;
    lastMs = ms;
    return `${ms}-${sequence}`;
  };

  const forgetQuietUsers = (at: number) => {
    for (const [userId, log] of logs) if (at - log.touchedAt > REPLAY_TTL_SECONDS * 1000) logs.delete(userId);
  };

  return {
    async publish(userId, type, data) {
      const event: BusEvent = { id: nextId(), type, data };
      const log = logs.get(userId) ?? { events: [], touchedAt: 0 };
      log.events.push(event);
      if (log.events.length > REPLAY_LIMIT) log.events.splice(0, log.events.length - REPLAY_LIMIT);
      log.touchedAt = lastMs;
      logs.set(userId, log);
      if (logs.size > 10_000) forgetQuietUsers(lastMs);
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

/**
 * Several instances on one Redis: each user's recent events are a capped stream (`{prefix}:live-events:{userId}`,
 * its entry ids are the event ids) and every event is announced on one pub/sub channel, which each
 * instance hears on a connection of its own and hands to the listeners it has for that user.
 */
export function createRedisEventBus(url: string, { prefix, onError = () => undefined }: BusOptions & { prefix: string }): EventBus {
  const commands = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url);
  commands.on('error', onError);
  subscriber.on('error', onError);
  const channel = `${prefix}:live-events`;
  const streamKey = (userId: number) => `${prefix}:live-events:${userId}`;
  const listeners = createListenerRegistry(onError);

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const { userId, event } = JSON.parse(text) as ChannelMessage;
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

  return {
    async publish(userId, type, data) {
      const key = streamKey(userId);
      const results = await commands
        .multi()
        .xadd(key, 'MAXLEN', REPLAY_LIMIT, '*', 'event', JSON.stringify({ type, data }))
        .expire(key, REPLAY_TTL_SECONDS)
        .exec();
      const [error, id] = results?.[0] ?? [new Error('the event was not stored')];
      if (error) throw error;
      const event: BusEvent = { id: String(id), type, data };
      await commands.publish(channel, JSON.stringify({ userId, event } satisfies ChannelMessage));
      return event;
    },
    async subscribe(userId, listener) {
      await listening;
      return listeners.add(userId, listener);
    },
    async eventsAfter(userId, lastEventId) {
      const entries = await commands.xrange(streamKey(userId), `(${lastEventId}`, '+', 'COUNT', REPLAY_LIMIT);
      return entries.map(parseEntry);
    },
    async close() {
      subscriber.disconnect();
      commands.disconnect();
    },
  };
}
