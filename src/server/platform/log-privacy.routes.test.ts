import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newCustomer, signUpCustomer } from '../test/auth-fixtures.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/** What the store's log shows: every line it writes, as written. */
const written: string[] = [];
const logLines = () => written.map((line) => JSON.parse(line) as Record<string, unknown>);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ logLevel: 'info', logStream: { write: (line) => written.push(line) } });
});
afterAll(() => ctx.close());
beforeEach(() => {
  written.length = 0;
});

describe('the log of a registration the database refuses', () => {
  const CONSTRAINT = 'users_refused_for_test';
  beforeEach(async () => {
    // Any insert into users now fails, after the password was hashed and with every value as a parameter.
    await ctx.database.db.execute(sql.raw(`alter table users add constraint ${CONSTRAINT} check (false) not valid`));
    return async () => {
      await ctx.database.db.execute(sql.raw(`alter table users drop constraint ${CONSTRAINT}`));
    };
  });

  it('names the SQL error and constraint, and holds none of the values', async () => {
    const body = newCustomer({ email: 'Private.Person@Example.com', phone: '2025550187', password: 'my secret passphrase' });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/registration', payload: body });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Server Error' });

    const failure = logLines().find((line) => line.msg === 'request failed');
    expect(failure?.err).toMatchObject({
      type: 'DatabaseError',
      message: 'integrity constraint violation (SQLSTATE 23514)',
      code: '23514',
      constraint: CONSTRAINT,
      table: 'users',
    });
    const log = written.join('\n').toLowerCase();
    for (const secret of [body.password, body.email.toLowerCase(), body.phone, 'scrypt$']) {
      expect(log).not.toContain(secret.toLowerCase());
    }
  });
});

describe("a login's log lines", () => {
  it('hold neither the password nor the query string', async () => {
    const customer = await signUpCustomer(ctx.app);
    written.length = 0;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login?next=%2Faccount&ref=private-campaign-7',
      headers: { cookie: 'session=private-cookie-value' },
      payload: { phone: customer.email, password: customer.password },
    });
    expect(response.statusCode).toBe(200);

    const incoming = logLines().find((line) => line.msg === 'incoming request');
    expect(incoming?.req).toMatchObject({ method: 'POST', url: '/api/login' });
    const log = written.join('\n');
    for (const secret of [customer.password, 'private-campaign-7', 'private-cookie-value', response.json().data.access.token]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe("a guest order link's log lines", () => {
  it('never hold the key of the link, on the order, its invoice or its page, nor in an error naming it', async () => {
    const key = randomBytes(32).toString('base64url');
    for (const url of [`/api/guest-orders/${key}`, `/api/guest-orders/${key}/invoice`, `/orders/guest/${key}`, `/orders/guest/${key}?lang=ar`, '/orders/guest']) {
      await ctx.app.inject({ method: 'GET', url });
    }
    // Asking for a fresh link: no key in its path, which the log keeps as it is; the key in its body is never logged.
    await ctx.app.inject({ method: 'POST', url: '/api/guest-orders/link', payload: { email: 'grace.guest@example.test', key } });
    ctx.app.log.error({ err: new Error(`GET /api/guest-orders/${key} answered 500`) }, 'a page could not load its data');
    const urls = logLines().flatMap((line) => (line.msg === 'incoming request' ? [(line.req as { url: string }).url] : []));
    expect(urls).toEqual([
      '/api/guest-orders/[redacted]',
      '/api/guest-orders/[redacted]/invoice',
      '/orders/guest/[redacted]',
      '/orders/guest/[redacted]',
      '/orders/guest',
      '/api/guest-orders/link',
    ]);
    expect(logLines().at(-1)?.err).toMatchObject({ message: 'GET /api/guest-orders/[redacted] answered 500' });
    expect(written.join('\n')).not.toContain(key);
  });
});

describe("the app's logger", () => {
  it('redacts credentials and secret fields wherever a line holds them', () => {
    ctx.app.log.info(
      {
        request: { headers: { authorization: 'Bearer private-token', cookie: 'session=private-cookie', accept: 'text/html' } },
        body: { name: 'Ada Shopper', password: 'private-password', otp: '4821' },
        form: { reset: { token: 'private-reset-token', password_confirmation: 'private-password' } },
      },
      'a line with secrets',
    );
    const [line] = logLines();
    expect(line).toMatchObject({
      request: { headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'text/html' } },
      body: { name: 'Ada Shopper', password: '[redacted]', otp: '[redacted]' },
      form: { reset: { token: '[redacted]', password_confirmation: '[redacted]' } },
    });
  });
});

describe("an error's log line", () => {
  it("keeps the error's kind, message, code and stack, and leaves out what a library put on it", () => {
    const failure = Object.assign(new Error('The card was declined'), {
      code: 'card_declined',
      statusCode: 402,
      raw: { payload: 'private-webhook-payload' },
      headers: { 'stripe-signature': 'private-signature' },
    });
    ctx.app.log.error({ err: new AggregateError([failure], 'Two calls failed') }, 'a failed call');
    const [line] = logLines();
    expect(line?.err).toEqual({
      type: 'AggregateError',
      message: 'Two calls failed',
      stack: expect.stringContaining('AggregateError: Two calls failed'),
      aggregateErrors: [{ type: 'Error', message: 'The card was declined', stack: expect.stringContaining('Error: The card was declined'), code: 'card_declined', statusCode: 402 }],
    });
    expect(written.join('\n')).not.toMatch(/private-(webhook-payload|signature)/);
  });
});

describe("the server's calls to its own routes (a page's data)", () => {
  const requestLines = () => logLines().filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');

  it('leave no request lines when they carry the mark only this process knows', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/categories', headers: ctx.app.inProcessCallHeaders });
    expect(response.statusCode).toBe(200);
    expect(requestLines()).toEqual([]);
  });

  it('are logged as any request when the mark is guessed wrong', async () => {
    const [name] = Object.keys(ctx.app.inProcessCallHeaders);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/categories', headers: { [name!]: 'a guess' } });
    expect(response.statusCode).toBe(200);
    expect(requestLines().map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });
});
