import type { FastifyInstance } from 'fastify';

/** One frame of an event stream; `comment` holds a `: ...` line (the heartbeat). */
export interface Frame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
  retry?: string;
}

function parseFrame(text: string): Frame {
  const frame: Frame = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    else {
      const colon = line.indexOf(':');
      const field = line.slice(0, colon) as keyof Frame;
      frame[field] = line.slice(colon + 1).replace(/^ /, '');
    }
  }
  return frame;
}

/** The address a listening test app answers on. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * `GET /api/events` over real HTTP, read as a browser's fetch reads it: `next()` waits for the next
 * frame that matches, `close()` hangs up.
 */
export async function openEventStream(baseUrl: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  let ended = false;

  const pump = async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // Aborted by close().
    } finally {
      ended = true;
      for (const wake of waiters) wake();
    }
  };
  void pump();

  let read = 0;
  /** The next unread frame that matches (events only, by default), or a timeout error. */
  async function next(matches: (frame: Frame) => boolean = (frame) => frame.event !== undefined, timeoutMs = 2000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (read < frames.length) {
        const frame = frames[read++]!;
        if (matches(frame)) return frame;
      }
      if (ended) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no matching frame in time');
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        waiters.add(wake);
      });
    }
  }

  return {
    response,
    next,
    /** Resolves once the server ended the stream. */
    async ended(timeoutMs = 2000) {
      await next(() => false, timeoutMs).catch((error: Error) => {
        if (error.message !== 'the stream ended') throw error;
      });
    },
    close: () => controller.abort(),
  };
}
