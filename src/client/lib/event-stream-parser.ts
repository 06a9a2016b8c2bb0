/** One dispatched Server-Sent Event. */
export interface StreamEvent {
  /** The stream's last event id after this event (what `Last-Event-ID` resumes from). */
  id: string | undefined;
  type: string;
  data: string;
}

export interface EventStreamParser {
  /** Feeds decoded text as it arrives; frames may be split anywhere. */
  push(chunk: string): void;
  /** The reconnection delay the server asked for (`retry:`), if it did. */
  readonly retryMs: number | undefined;
}

/**
 * The text/event-stream format as the HTML standard defines it: lines end in LF, CR or CRLF; a blank
 * line dispatches the event; `:` lines are comments (heartbeats); `id` persists between events.
 */
export function createEventStreamParser(onEvent: (event: StreamEvent) => void): EventStreamParser {
  let buffer = '';
  let lastId: string | undefined;
  let type = '';
  let data: string[] = [];
  let retryMs: number | undefined;

  const dispatch = () => {
    if (data.length > 0) onEvent({ id: lastId, type: type || 'message', data: data.join('\n') });
    type = '';
    data = [];
  };

  const processLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\u0000')) lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
  };

  return {
    push(chunk) {
      buffer += chunk;
      // A CR at the very end may be the first half of a CRLF: the next chunk tells.
      const held = buffer.endsWith('\r') ? '\r' : '';
      const lines = buffer.slice(0, buffer.length - held.length).split(/\r\n|\r|\n/);
      // The last piece has no line end yet.
      buffer = (lines.pop() ?? '') + held;
      for (const line of lines) processLine(line);
    },
    get retryMs() {
      return retryMs;
    },
  };
}
