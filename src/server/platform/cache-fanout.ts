import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Caches } from './caches.ts';

interface InvalidationMessage {
  /** The instance that made it, which has applied it already. */
  from: string;
  tags: string[];
}

/** Tags waiting for Redis that this instance keeps, at most; past it, every cache is invalidated on reconnecting. */
const UNSENT_TAGS_LIMIT = 10_000;

/**
 * Several instances on one Redis: every invalidation is announced on `{prefix}:cache-invalidations`
 * and each instance applies the others'. Nothing waits for Redis: while the subscription is down an
 * instance may miss invalidations, so its caches keep values briefly (`Caches.setUncertain`) and
 * drop them all once it hears the channel again; invalidations it could not announce are sent then.
 * Answers the function that announces one (`CachesOptions.onInvalidate`).
 */
export function fanOutInvalidations(
  caches: Caches,
  { commands, subscriber }: { commands: Redis; subscriber: Redis },
  { prefix, onError }: { prefix: string; onError: (error: unknown) => void },
) {
  const channel = `${prefix}:cache-invalidations`;
  const self = randomUUID();
  const unsent = new Set<string>();
  let overflowed = false;

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const message = JSON.parse(text) as InvalidationMessage;
      if (message.from !== self) caches.applyInvalidation(message.tags);
    } catch (error) {
      onError(error);
    }
  });
  const listen = () =>
    subscriber.subscribe(channel).then(
      () => caches.setUncertain(false),
      (error: unknown) => onError(error),
    );
  caches.setUncertain(true);
  void listen();
  subscriber.on('close', () => caches.setUncertain(true));
  // ioredis subscribes again on reconnecting, after 'ready': this one answers once it has.
  subscriber.on('ready', () => void listen());

  const send = async (tags: string[]) => {
    const message: InvalidationMessage = { from: self, tags };
    await commands.publish(channel, JSON.stringify(message));
  };
  const keep = (tags: readonly string[]) => {
    for (const tag of tags) unsent.add(tag);
    if (unsent.size > UNSENT_TAGS_LIMIT) {
      unsent.clear();
      overflowed = true;
    }
  };
  const sendUnsent = async () => {
    if (unsent.size === 0 && !overflowed) return;
    // Too many to name: every region's name is a tag of all its entries.
    const tags = overflowed ? caches.regionNames() : [...unsent];
    unsent.clear();
    overflowed = false;
    await send(tags).catch((error: unknown) => {
      keep(tags);
      onError(error);
    });
  };
  commands.on('ready', () => void sendUnsent());

  return (tags: readonly string[]) => {
    if (commands.status !== 'ready') return keep(tags);
    send([...tags]).catch((error: unknown) => {
      keep(tags);
      onError(error);
    });
  };
}
