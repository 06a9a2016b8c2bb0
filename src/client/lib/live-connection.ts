import { createEventStreamParser, type StreamEvent } from './event-stream-parser.ts';

interface LiveConnectionOptions {
  onEvent(event: StreamEvent): void;
  /** The server refused the session: it is over. */
  onUnauthorized(): void;
}

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/** Waits, or stops waiting as soon as the connection is stopped. */
function pause(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Follows `GET /api/events` with fetch (the session cookie goes along by itself) until the returned
 * function stops it. A dropped or refused connection is tried again after a growing,
 * jittered pause, resuming with `Last-Event-ID` so the server replays what was missed.
 */
export function connectLiveEvents({ onEvent, onUnauthorized }: LiveConnectionOptions): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  let lastEventId: string | undefined;
  let failures = 0;
  let serverRetryMs: number | undefined;

  const receive = (event: StreamEvent) => {
    lastEventId = event.id ?? lastEventId;
    try {
      onEvent(event);
    } catch (error) {
      // One bad event must not drop the connection (it would be replayed, and fail, again).
      console.warn('A live update could not be shown', error);
    }
  };

  /** One connection, until it ends; answers false when the session was refused. */
  async function follow(): Promise<boolean> {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    const response = await fetch('/api/events', { headers, signal, cache: 'no-store' });
    if (response.status === 401) return false;
    if (!response.ok || !response.body) throw new Error(`live events answered ${response.status}`);
    failures = 0;
    const parser = createEventStreamParser(receive);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(value);
    }
    serverRetryMs = parser.retryMs;
    return true;
  }

  void (async () => {
    while (!signal.aborted) {
      try {
        if (!(await follow())) return onUnauthorized();
      } catch {
        if (signal.aborted) return;
        failures += 1;
      }
      const delay = failures === 0 ? (serverRetryMs ?? FIRST_DELAY_MS) : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** failures);
      // Jitter: after a restart, every open storefront must not come back in the same instant.
      await pause(delay * (0.5 + Math.random() / 2), signal);
    }
  })();

  return () => controller.abort();
}
