import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { authTokens } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { HEARTBEAT_MS } from './live.routes.ts';
import { listen, openEventStream } from '../../test/sse-fixtures.ts';

let ctx: TestContext;
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestApp();
  baseUrl = await listen(ctx.app);
});
afterAll(() => ctx.close());

const streams: Array<{ close(): void }> = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
  vi.useRealTimers();
});

async function follow(authorization: string | null, headers: Record<string, string> = {}) {
  const stream = await openEventStream(baseUrl, { ...(authorization && { authorization }), ...headers });
  streams.push(stream);
  return stream;
}

describe('GET /api/events', () => {
  it('needs the bearer token in the Authorization header', async () => {
    const { token } = await createCustomer(ctx.app);
    for (const url of ['/api/events', `/api/events?token=${token}`, `/api/events?access_token=${token}`]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/events', headers: { authorization: 'Bearer forged' } })).statusCode).toBe(401);
  });

  it('streams the user’s events, each with an id, uncompressed and uncached', async () => {
    const me = await createCustomer(ctx.app);
    const stream = await follow(me.authorization, { 'accept-encoding': 'gzip, deflate, br' });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect((await stream.next((frame) => frame.retry !== undefined)).retry).toBe('3000');

    const published = await ctx.app.events.publish(me.user.id, 'ticket.replied', { ticket_no: 'TCK-ABCDEFGHIJ' });
    const frame = await stream.next();
    expect(frame).toEqual({ id: published.id, event: 'ticket.replied', data: JSON.stringify({ ticket_no: 'TCK-ABCDEFGHIJ' }) });
    expect(frame.id).toMatch(/^\d+-\d+$/);
  });

  it('follows the web storefront’s session cookie, until logout ends it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const me = await createCustomer(ctx.app);
    const cookie = `session=${me.token}`;
    const stream = await follow(null, { cookie });
    expect(stream.response.status).toBe(200);
    await stream.next((frame) => frame.retry !== undefined);
    const published = await ctx.app.events.publish(me.user.id, 'ticket.replied', { ticket_no: 'TCK-COOKIEXXXX' });
    expect((await stream.next()).id).toBe(published.id);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } })).statusCode).toBe(200);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    await stream.ended();
  });

  it('never shows one user another user’s events', async () => {
    const me = await createCustomer(ctx.app);
    const other = await createCustomer(ctx.app);
    const mine = await follow(me.authorization);
    await ctx.app.events.publish(other.user.id, 'ticket.replied', { ticket_no: 'TCK-OTHERSXXXX' });
    await ctx.app.events.publish(me.user.id, 'ticket.replied', { ticket_no: 'TCK-MINEXXXXXX' });
    expect(JSON.parse((await mine.next()).data!)).toEqual({ ticket_no: 'TCK-MINEXXXXXX' });
  });

  it('replays what a reconnecting client missed after its Last-Event-ID, then goes on live', async () => {
    const me = await createCustomer(ctx.app);
    const first = await follow(me.authorization);
    const seen = await ctx.app.events.publish(me.user.id, 'ticket.replied', { ticket_no: 'TCK-AAAAAAAAAA' });
    expect((await first.next()).id).toBe(seen.id);
    first.close();

    const missed = [
      await ctx.app.events.publish(me.user.id, 'order.status_changed', { order_id: 1, order_number: 'OS100001', status: 'confirm' }),
      await ctx.app.events.publish(me.user.id, 'ticket.replied', { ticket_no: 'TCK-BBBBBBBBBB' }),
    ];
    const again = await follow(me.authorization, { 'last-event-id': seen.id });
    expect((await again.next()).id).toBe(missed[0]!.id);
    expect((await again.next()).id).toBe(missed[1]!.id);
    const live = await ctx.app.events.publish(me.user.id, 'ticket.replied', { ticket_no: 'TCK-CCCCCCCCCC' });
    expect((await again.next()).id).toBe(live.id);

    // Without a usable Last-Event-ID nothing old is repeated.
    const fresh = await follow(me.authorization, { 'last-event-id': 'not-an-id' });
    const newest = await ctx.app.events.publish(me.user.id, 'ticket.replied', { ticket_no: 'TCK-DDDDDDDDDD' });
    expect((await fresh.next()).id).toBe(newest.id);
  });

  it('stops listening when the client hangs up', async () => {
    const me = await createCustomer(ctx.app);
    const stopped = vi.fn();
    const subscribe = ctx.app.events.subscribe.bind(ctx.app.events);
    const spy = vi.spyOn(ctx.app.events, 'subscribe').mockImplementation(async (userId, listener) => {
      const unsubscribe = await subscribe(userId, listener);
      return () => {
        stopped(userId);
        unsubscribe();
      };
    });
    try {
      const stream = await follow(me.authorization);
      await stream.next((frame) => frame.retry !== undefined);
      expect(spy).toHaveBeenCalledWith(me.user.id, expect.any(Function));
      stream.close();
      await vi.waitFor(() => expect(stopped).toHaveBeenCalledWith(me.user.id));
    } finally {
      spy.mockRestore();
    }
  });

  it('sends a heartbeat comment every 25 seconds, and ends at the next one once the session expired', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const me = await createCustomer(ctx.app);
    const stream = await follow(me.authorization);
    await stream.next((frame) => frame.retry !== undefined);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(await stream.next((frame) => frame.comment !== undefined)).toEqual({ comment: 'heartbeat' });

    await ctx.database.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authTokens.userId, me.user.id));
    vi.advanceTimersByTime(HEARTBEAT_MS);
    await stream.ended();
  });

  it('ends at once, not at the next heartbeat, when the session ends: logout, or a block from the console', async () => {
    // No heartbeat ever fires in this test.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const leaving = await createCustomer(ctx.app);
    const leavingStream = await follow(leaving.authorization);
    const bystander = await createCustomer(ctx.app);
    const staying = await follow(bystander.authorization);
    await leavingStream.next((frame) => frame.retry !== undefined);
    await staying.next((frame) => frame.retry !== undefined);
    const logout = await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: { authorization: leaving.authorization } });
    expect(logout.statusCode).toBe(200);
    await leavingStream.ended();

    const blocked = await createCustomer(ctx.app);
    const blockedStream = await follow(blocked.authorization);
    await blockedStream.next((frame) => frame.retry !== undefined);
    const owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
    const block = await ctx.app.inject({ method: 'POST', url: `/api/console/customers/${blocked.user.id}/block`, headers: { authorization: owner }, payload: { reason: 'Fraud' } });
    expect(block.statusCode, block.body).toBe(200);
    await blockedStream.ended();

    // Nobody else's stream ended: it still carries its user's events.
    const published = await ctx.app.events.publish(bystander.user.id, 'ticket.replied', { ticket_no: 'TCK-STAYINGXXX' });
    expect((await staying.next((frame) => frame.event !== undefined)).id).toBe(published.id);
  });

  it('limits how many streams one user keeps open', async () => {
    const me = await createCustomer(ctx.app);
    for (let index = 0; index < 10; index++) await follow(me.authorization);
    const refused = await fetch(`${baseUrl}/api/events`, { headers: { authorization: me.authorization } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'Too many live connections.' });
  });

  it('ends open streams when the server shuts down, so shutting down never hangs on them', async () => {
    const own = await createTestApp();
    try {
      const url = await listen(own.app);
      const me = await createCustomer(own.app);
      const stream = await openEventStream(url, { authorization: me.authorization });
      await stream.next((frame) => frame.retry !== undefined);
      const started = Date.now();
      await own.app.close();
      expect(Date.now() - started).toBeLessThan(2000);
      await stream.ended();
    } finally {
      await own.close();
    }
  });
});
