import { readdir, readFile } from 'node:fs/promises';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, settings } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

const THANKS = 'Thank you for contacting us. We will get back to you soon.';
const STORE_EMAIL = 'hello@openstore.example';

const clock = new ManualClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, clock);
});
afterAll(() => ctx.close());

let sender = 0;
/** A request from its own address, so the per-address limit of one test never touches another. */
function send(app: TestContext['app'], body: unknown, { ip = `10.1.0.${++sender}`, headers = {} }: { ip?: string; headers?: Record<string, string> } = {}) {
  return app.inject({ method: 'POST', url: '/api/contact', payload: body as object, remoteAddress: ip, headers });
}

const validMessage = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Shopper',
  email: 'Ada@Example.com',
  phone: '+1 202-555-0100',
  subject: 'Question about my order',
  message: 'Hello, could you tell me when my order will be shipped? Thank you.',
  ...overrides,
});

async function latestMessage(db = ctx.database.db) {
  const [row] = await db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
  return row!;
}

async function outbox(dataDir: string) {
  const folder = path.join(dataDir, 'outbox');
  const files = (await readdir(folder).catch(() => [])).sort();
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(folder, file), 'utf8')) as Record<string, string>));
}

describe('POST /api/contact', () => {
  it('keeps the message, mails it to the store with reply-to the sender and thanks the sender', async () => {
    const response = await send(ctx.app, validMessage());
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ message: THANKS, data: {} });

    const row = await latestMessage();
    expect(row).toMatchObject({
      name: 'Ada Shopper',
      email: 'ada@example.com',
      phone: '+1 202-555-0100',
      subject: 'Question about my order',
      userId: null,
      ipAddress: expect.stringMatching(/^10\.1\.0\.\d+$/),
    });
    expect(row.mailedAt).not.toBeNull();

    const mails = await outbox(ctx.config.dataDir);
    const mail = mails.find((entry) => entry.subject?.includes('Question about my order'));
    expect(mail).toMatchObject({ to: STORE_EMAIL, replyTo: 'ada@example.com' });
    expect(mail!.text).toContain('could you tell me when my order will be shipped?');
    expect(mail!.text).toContain('Ada Shopper');
  });

  it("writes the store's copy in the store's language, whatever the sender's", async () => {
    await ctx.database.db.update(settings).set({ value: 'ir' }).where(eq(settings.key, 'app_locale'));
    try {
      const response = await send(ctx.app, validMessage({ subject: 'Persian store copy' }));
      expect(response.statusCode, response.body).toBe(201);
      const mail = (await outbox(ctx.config.dataDir)).find((entry) => entry.subject?.includes('Persian store copy'));
      expect(mail!.subject).toBe('[Open Store] تماس: Persian store copy');
      expect(mail!.text).toContain('پیامی تازه از فرم «تماس با ما» در Open Store.\n\nنام: Ada Shopper\nایمیل: ada@example.com');
    } finally {
      await ctx.database.db.update(settings).set({ value: 'en' }).where(eq(settings.key, 'app_locale'));
    }
  });

  it('refuses missing and malformed fields with 422 and a message per field, storing nothing', async () => {
    const before = await latestMessage();
    const empty = await send(ctx.app, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      name: ['The name field is required.'],
      email: ['The email field is required.'],
      subject: ['The subject field is required.'],
      message: ['The message field is required.'],
    });
    expect(empty.json().errors.phone).toBeUndefined();

    const bad = await send(ctx.app, validMessage({ email: 'not-an-address', phone: 'call me', message: 'Hi', subject: 'x'.repeat(151) }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      email: ['The email must be a valid email address.'],
      phone: ['The phone format is invalid.'],
      subject: ['The subject must not be greater than 150 characters.'],
      message: ['The message must be at least 10 characters.'],
    });

    const huge = await send(ctx.app, validMessage({ message: 'x'.repeat(5001), name: 7 }));
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors).toEqual({
      name: ['The name must be a string.'],
      message: ['The message must not be greater than 5000 characters.'],
    });
    expect((await latestMessage()).id).toBe(before.id);
  });

  it('takes a message without a phone', async () => {
    expect((await send(ctx.app, validMessage({ phone: '' }))).statusCode).toBe(201);
    expect((await latestMessage()).phone).toBeNull();
    const withoutField = validMessage();
    delete (withoutField as Partial<typeof withoutField>).phone;
    expect((await send(ctx.app, withoutField)).statusCode).toBe(201);
  });

  it('links the message to the signed-in shopper who sent it', async () => {
    const customer = await createCustomer(ctx.app);
    const response = await send(ctx.app, validMessage(), { headers: { authorization: customer.authorization } });
    expect(response.statusCode).toBe(201);
    expect((await latestMessage()).userId).toBe(customer.user.id);
  });

  it('refuses a subject with line breaks, so nothing can be slipped into the mail headers', async () => {
    const response = await send(ctx.app, validMessage({ subject: 'Line one\r\nBcc: victim@example.com' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ subject: ['The subject field contains characters that are not allowed.'] });
    const mails = await outbox(ctx.config.dataDir);
    expect(mails.filter((entry) => entry.subject?.includes('Line one'))).toEqual([]);
  });

  it('allows five messages an hour from one address, then answers 429 until the hour is over', async () => {
    const ip = '10.9.9.9';
    for (let index = 0; index < 5; index += 1) {
      expect((await send(ctx.app, validMessage({ subject: `Rate ${index}` }), { ip })).statusCode).toBe(201);
    }
    const refused = await send(ctx.app, validMessage({ subject: 'Rate 6' }), { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await latestMessage()).subject).toBe('Rate 4');
    // Another address is not held back.
    expect((await send(ctx.app, validMessage(), { ip: '10.9.9.10' })).statusCode).toBe(201);

    clock.advance({ hours: 1, seconds: 1 });
    expect((await send(ctx.app, validMessage({ subject: 'Rate 7' }), { ip })).statusCode).toBe(201);
  });
});

describe('POST /api/contact over SMTP', () => {
  it('delivers the mail to the SMTP server with a Reply-To header', async () => {
    const received: { to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const { port } = server.server.address() as AddressInfo;
    const smtp = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const response = await send(smtp.app, validMessage({ subject: 'Sent over SMTP' }));
      expect(response.statusCode).toBe(201);
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual([STORE_EMAIL]);
      expect(received[0]!.data).toMatch(/^Reply-To: ada@example\.com\r?$/m);
      expect(received[0]!.data).toMatch(/^Subject: \[Open Store\] Contact: Sent over SMTP\r?$/m);
      expect((await latestMessage(smtp.database.db)).mailedAt).not.toBeNull();
    } finally {
      await smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('still keeps the message and thanks the sender when the mail cannot be sent', async () => {
    // Nothing listens on port 9 of this machine: the connection is refused.
    const broken = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const response = await send(broken.app, validMessage({ subject: 'Mail will fail' }));
      expect(response.statusCode).toBe(201);
      const row = await latestMessage(broken.database.db);
      expect(row.subject).toBe('Mail will fail');
      expect(row.mailedAt).toBeNull();
    } finally {
      await broken.close();
    }
  });
});

describe('contact answers in the shopper language', () => {
  it('translates the thanks and the field errors', async () => {
    const thanks = await send(ctx.app, validMessage(), { headers: { 'accept-language': 'ar' } });
    expect(thanks.json().message).not.toBe(THANKS);
    const invalid = await send(ctx.app, validMessage({ subject: '' }), { headers: { 'accept-language': 'ir' } });
    expect(invalid.json().errors.subject[0]).not.toBe('The subject field is required.');
  });
});
