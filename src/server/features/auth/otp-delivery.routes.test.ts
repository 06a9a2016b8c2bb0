import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSmtpMailer } from '../../platform/mailer.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { signUpCustomer } from '../../test/auth-fixtures.ts';

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback (no TLS, no login), recording what the store hands over. */
let smtp: SMTPServer;
let smtpUrl: string;
const received: ReceivedMail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined;
        received.push({ from, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe('SMTP mailer', () => {
  it('hands the message to the SMTP server with the configured sender', async () => {
    received.length = 0;
    await createSmtpMailer(smtpUrl, 'Open Store <no-reply@store.example>').send({
      to: 'ada@example.com',
      subject: 'Hello over SMTP',
      text: 'The body of the message.',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@store.example', to: ['ada@example.com'] });
    expect(received[0]!.raw).toContain('Subject: Hello over SMTP');
    expect(received[0]!.raw).toContain('The body of the message.');
  });

  it('sends an attachment as a part of the message with its name and type', async () => {
    received.length = 0;
    const content = Buffer.from('%PDF-1.7 an invoice');
    await createSmtpMailer(smtpUrl, 'Open Store <no-reply@store.example>').send({
      to: 'ada@example.com',
      subject: 'Your order is delivered',
      text: 'Your invoice is attached.',
      attachments: [{ filename: 'invoice-OS100001.pdf', contentType: 'application/pdf', content }],
    });
    const raw = received[0]!.raw;
    expect(raw).toMatch(/Content-Type: application\/pdf; name=("?)invoice-OS100001\.pdf\1/);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=("?)invoice-OS100001\.pdf\1/);
    expect(raw).toContain(content.toString('base64'));
  });
});

describe('one-time codes in a production store', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ smtpUrl, appEnv: 'production' });
  });
  afterAll(() => ctx.close());

  it('mails the code over SMTP, never shows it in the answer, and the mailed code verifies the account', async () => {
    const customer = await signUpCustomer(ctx.app);
    received.length = 0;
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/send-otp', payload: { phone: customer.email } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).not.toHaveProperty('otp');
    expect(Object.keys(sent.json().data)).toEqual(['email_or_phone']);

    // The answer does not wait for the mail (its time would tell a real account), so the test does.
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]!.to).toEqual([customer.email]);
    expect(received[0]!.raw).toContain('Subject: Your verification code');
    expect(received[0]!.raw).toContain('10 minutes');
    const code = received[0]!.raw.match(/\b(\d{4}) is your\b/)?.[1];
    expect(code).toMatch(/^\d{4}$/);

    const verified = await ctx.app.inject({ method: 'POST', url: '/api/verify-otp', payload: { phone: customer.email, otp: code } });
    expect(verified.statusCode).toBe(200);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { phone: customer.email, password: customer.password } });
    expect(login.json().data.user.is_verified).toBe(true);
  });

  it('does not show a forgot-password code in the answer either', async () => {
    const customer = await signUpCustomer(ctx.app);
    const answers = await Promise.all(
      [customer.email, 'unknown@example.com'].map((phone) => ctx.app.inject({ method: 'POST', url: '/api/send-otp', payload: { phone, forgot_password: true } })),
    );
    for (const answer of answers) expect(Object.keys(answer.json().data)).toEqual(['email_or_phone']);
  });
});

describe('a code that cannot be delivered', () => {
  it('answers as for any number, and logs that the text could not be sent', async () => {
    const unreachableTwilio = { accountSid: 'AC1', authToken: 'token', from: '+15005550006', apiUrl: 'http://127.0.0.1:1' };
    const ctx = await createTestApp({ sms: unreachableTwilio, appEnv: 'production' });
    try {
      const failures = vi.spyOn(ctx.app.log, 'error');
      const customer = await signUpCustomer(ctx.app);
      // Sign-ups in tests get numbers starting with 30: this one has no account.
      const nobody = customer.phone.replace(/^30/, '39');
      const answerFor = async (phone: string) => {
        const response = await ctx.app.inject({ method: 'POST', url: '/api/send-otp', payload: { phone, phone_code: '+1' } });
        return [response.statusCode, response.json()];
      };
      const sentTo = (phone: string) => ({ message: 'OTP sent successfully', data: { email_or_phone: `+1 *******${phone.slice(-4)}` } });
      expect(await answerFor(customer.phone)).toEqual([200, sentTo(customer.phone)]);
      expect(await answerFor(nobody)).toEqual([200, sentTo(nobody)]);
      await vi.waitFor(() => expect(failures).toHaveBeenCalledWith(expect.objectContaining({ channel: 'phone' }), 'one-time code could not be sent'));
      expect(failures).toHaveBeenCalledTimes(1);
    } finally {
      await ctx.close();
    }
  });
});
