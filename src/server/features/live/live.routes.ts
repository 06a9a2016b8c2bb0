import type { ServerResponse } from 'node:http';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authTokens } from '../../db/schema.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { HttpError } from '../../platform/errors.ts';
import { compareEventIds, isEventId, type BusEvent } from '../../platform/event-bus.ts';
import { SESSIONS_ENDED } from './live-events.ts';

/** A comment this often keeps proxies from closing a quiet stream, and rechecks the session. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser's EventSource (or our client) waits before reconnecting. */
const RETRY_MS = 3_000;
/** Tabs a user may keep live at once on one instance. */
const MAX_STREAMS_PER_USER = 10;

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // nginx and similar proxies would otherwise hold events back in their buffers.
  'x-accel-buffering': 'no',
};

/** One SSE frame; the data is JSON, so it never holds a line break that would end the frame early. */
export const formatEvent = (event: BusEvent) => `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

async function isSessionLive(db: Db, tokenId: number, now: Date) {
  const [token] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)));
  return token !== undefined;
}

/**
 * Writes a user's events to one response in id order, each once. Live events that arrive while the
 * missed ones are being read are held back, then sent after them.
 */
class EventStream {
  private response: ServerResponse | undefined;
  private held: BusEvent[] | undefined = [];

  constructor(private lastSentId: string | undefined) {}

  /** The response to write to, once the headers are out. */
  attach(response: ServerResponse) {
    this.response = response;
  }

  write(text: string) {
    if (this.response && !this.response.writableEnded && !this.response.destroyed) this.response.write(text);
  }

  receive(event: BusEvent) {
    if (this.held) this.held.push(event);
    else this.send(event);
  }

  /** Sends what the client missed, then what arrived meanwhile, and from now on every event at once. */
  catchUp(missed: BusEvent[]) {
    const held = this.held ?? [];
    this.held = undefined;
    for (const event of [...missed, ...held]) this.send(event);
  }

  private send(event: BusEvent) {
    if (this.lastSentId !== undefined && compareEventIds(event.id, this.lastSentId) <= 0) return;
    this.lastSentId = event.id;
    this.write(formatEvent(event));
  }

  end() {
    if (this.response && !this.response.writableEnded) this.response.end();
  }
}

/**
 * `GET /api/events`: the signed-in user's live updates as Server-Sent Events. The token comes in the
 * Authorization header only (a token in the URL would end up in logs). A client that reconnects sends
 * `Last-Event-ID` and first gets the events it missed.
 */
export async function liveRoutes(app: ApiInstance) {
  const streamsByUser = new Map<number, Set<EventStream>>();
  // Open streams never end by themselves; closing the server must not wait for them.
  app.addHook('preClose', async () => {
    for (const streams of streamsByUser.values()) for (const stream of streams) stream.end();
  });

  const schema = {
    tags: ['Live'],
    summary: "The signed-in user's live updates (Server-Sent Events)",
    security: SIGNED_IN,
    headers: z.object({ 'last-event-id': z.string().optional().meta({ description: 'The id of the last event received: the events missed since come first' }) }),
    response: {
      200: {
        description: 'A stream of events (`order.status_changed` with order_id, order_number and status; `order.tracking_changed` with order_id and order_number when the store corrects a parcel’s tracking; `order.return_changed` with order_id, order_number and the return status; `ticket.replied` with ticket_no; `ticket.status_changed` with ticket_no and status (closed or open); for a console member, `console.notification` with the notification and their unread_count), each as `id:`, `event:` and JSON `data:`; a comment every 25 seconds keeps it open.',
        content: { 'text/event-stream': { schema: z.string() } },
      },
    },
  };

  app.get('/events', { preValidation: authenticate, compress: false, schema }, async (request, reply) => {
    const user = currentUser(request);
    const streams = streamsByUser.get(user.id) ?? new Set<EventStream>();
    if (streams.size >= MAX_STREAMS_PER_USER) throw new HttpError(429, 'Too many live connections.');
    const header = request.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && isEventId(header.trim()) ? header.trim() : undefined;

    const stream = new EventStream(lastEventId);
    // A session that ended (logout, password change, a block, expiry) stops receiving the user's events.
    const endUnlessLive = (whileLive: () => void) =>
      isSessionLive(app.database.db, user.tokenId, app.clock.now()).then((live) => (live ? whileLive() : stream.end()), whileLive);
    // Listening starts before the answer does: once the client sees the headers, no event is lost.
    const stopListening = await app.events.subscribe(user.id, (event) => {
      if (event.type === SESSIONS_ENDED) void endUnlessLive(() => {});
      else stream.receive(event);
    });

    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, STREAM_HEADERS);
    response.flushHeaders();
    request.raw.socket.setNoDelay(true);
    stream.attach(response);
    streams.add(stream);
    streamsByUser.set(user.id, streams);

    const heartbeat = setInterval(() => void endUnlessLive(() => stream.write(': heartbeat\n\n')), HEARTBEAT_MS);
    const cleanUp = () => {
      clearInterval(heartbeat);
      stopListening();
      streams.delete(stream);
      if (streams.size === 0 && streamsByUser.get(user.id) === streams) streamsByUser.delete(user.id);
    };
    // A client gone while we subscribed gets no 'close' any more.
    if (request.raw.socket.destroyed) return cleanUp();
    response.on('close', cleanUp);

    stream.write(`retry: ${RETRY_MS}\n\n`);
    try {
      const missed = lastEventId ? await app.events.eventsAfter(user.id, lastEventId) : [];
      stream.catchUp(missed.filter((event) => event.type !== SESSIONS_ENDED));
    } catch (error) {
      request.log.error({ err: error }, 'missed live events could not be read');
      stream.end();
    }
  });
}
