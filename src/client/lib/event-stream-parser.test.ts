import { describe, expect, it } from 'vitest';
import { createEventStreamParser, type StreamEvent } from './event-stream-parser.ts';

function parse(...chunks: string[]) {
  const events: StreamEvent[] = [];
  const parser = createEventStreamParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return { events, parser };
}

describe('the event stream parser', () => {
  it('reads id, event and data, and skips comments', () => {
    const { events, parser } = parse('retry: 3000\n\n: heartbeat\n\nid: 17-0\nevent: ticket.replied\ndata: {"ticket_no":"TCK-A"}\n\n');
    expect(events).toEqual([{ id: '17-0', type: 'ticket.replied', data: '{"ticket_no":"TCK-A"}' }]);
    expect(parser.retryMs).toBe(3000);
  });

  it('waits for the blank line, however the text is split', () => {
    const text = 'id: 1-0\nevent: a\ndata: one\n\nid: 1-1\nevent: b\ndata: two\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse(text.slice(0, cut), text.slice(cut)).events.map((event) => event.data)).toEqual(['one', 'two']);
    }
    expect(parse('data: half').events).toEqual([]);
  });

  it('takes CRLF and CR line ends, also when a CRLF is split between chunks', () => {
    expect(parse('event: a\r\ndata: x\r', '\n\r\n').events).toEqual([{ id: undefined, type: 'a', data: 'x' }]);
    // A CR that ends a chunk is settled by the next one.
    expect(parse('data: y\r\rdata: z\r\r', ': more\n').events.map((event) => event.data)).toEqual(['y', 'z']);
  });

  it('joins data lines and keeps the last id for the events after it', () => {
    const { events } = parse('id: 5-0\ndata: a\ndata: b\n\ndata: c\n\n');
    expect(events).toEqual([
      { id: '5-0', type: 'message', data: 'a\nb' },
      { id: '5-0', type: 'message', data: 'c' },
    ]);
  });
});
