import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamEvent } from './event-stream-parser.ts';
import { connectLiveEvents } from './live-connection.ts';

/** A server answer: these SSE texts, then the end of the stream. */
const stream = (...chunks: string[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

const fetchMock = vi.fn<typeof fetch>();
const headersOfCall = (index: number) => fetchMock.mock.calls[index]![1]!.headers as Record<string, string>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  // No jitter: pauses are exactly the base delay.
  vi.spyOn(Math, 'random').mockReturnValue(1);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function connect() {
  const events: StreamEvent[] = [];
  const onUnauthorized = vi.fn();
  const stop = connectLiveEvents({ onEvent: (event) => events.push(event), onUnauthorized });
  return { events, onUnauthorized, stop };
}

describe('the live connection', () => {
  it('asks for the stream on the session cookie, and after the stream ends resumes from the last event id', async () => {
    fetchMock.mockResolvedValueOnce(stream('retry: 3000\n\nid: 5-0\nevent: ticket.replied\ndata: {"ticket_no":"TCK-A"}\n\n'));
    fetchMock.mockResolvedValueOnce(stream('id: 6-0\nevent: ticket.replied\ndata: {"ticket_no":"TCK-B"}\n\n'));
    const live = connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/events');
    expect(headersOfCall(0)).toEqual({ Accept: 'text/event-stream' });
    expect(live.events.map((event) => event.id)).toEqual(['5-0']);

    // The server asked for 3 s between connections.
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(headersOfCall(1)['Last-Event-ID']).toBe('5-0');
    expect(live.events.map((event) => event.id)).toEqual(['5-0', '6-0']);
    live.stop();
  });

  it('waits longer after each failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('network down'));
    const live = connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    live.stop();
  });

  it('gives up, and ends the session, when the session is refused', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401 }));
    const live = connect();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(live.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('stops for good when stopped', async () => {
    fetchMock.mockImplementation((_url, init) => {
      const signal = init!.signal!;
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    });
    const live = connect();
    await vi.advanceTimersByTimeAsync(0);
    live.stop();
    expect((fetchMock.mock.calls[0]![1]!.signal as AbortSignal).aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(live.onUnauthorized).not.toHaveBeenCalled();
  });
});
