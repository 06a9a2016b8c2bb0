import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxSmsSender, createTwilioSmsSender } from './sms.ts';

interface ReceivedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

/** A stand-in for api.twilio.com on loopback: records each request and answers with the status the test sets. */
let server: Server;
let apiUrl: string;
const received: ReceivedRequest[] = [];
let answerStatus = 201;

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  const answerRequest = async (request: IncomingMessage, response: ServerResponse) => {
    received.push({
      method: request.method!,
      url: request.url!,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      form: new URLSearchParams(await readBody(request)),
    });
    response.writeHead(answerStatus, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answerStatus < 300 ? { sid: 'SM123', status: 'queued' } : { code: 21211, message: "The 'To' number +12025550123 is not a valid phone number." }));
  };
  server = createServer((request, response) => void answerRequest(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const settings = () => ({ accountSid: 'AC0123456789abcdef', authToken: 's3cret-token', from: '+15005550006', apiUrl });

describe('Twilio SMS sender', () => {
  it("posts the message to Twilio's Messages API with basic auth and a form body", async () => {
    received.length = 0;
    answerStatus = 201;
    await createTwilioSmsSender(settings()).send('+12025550123', '1234 is your code. It expires in 10 minutes.');
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
    expect(request!.authorization).toBe(`Basic ${Buffer.from('AC0123456789abcdef:s3cret-token').toString('base64')}`);
    expect(request!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request!.form)).toEqual({
      To: '+12025550123',
      From: '+15005550006',
      Body: '1234 is your code. It expires in 10 minutes.',
    });
  });

  it('fails when Twilio refuses the message', async () => {
    answerStatus = 400;
    const failure = await createTwilioSmsSender(settings()).send('+12025550123', 'text').catch((error: unknown) => error);
    expect(failure).toEqual(new Error('Twilio refused the SMS: HTTP 400, Twilio error 21211'));
    answerStatus = 201;
  });

  it('fails when Twilio cannot be reached', async () => {
    const unreachable = { ...settings(), apiUrl: 'http://127.0.0.1:1' };
    await expect(createTwilioSmsSender(unreachable).send('+12025550123', 'text')).rejects.toThrow();
  });
});

describe('outbox SMS sender', () => {
  it('writes each message as a JSON file under DATA_DIR/outbox', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-sms-'));
    const sender = createOutboxSmsSender(dataDir, Fastify().log);
    await sender.send('+12025550123', 'first');
    await sender.send('+12025550123', 'second');
    const files = readdirSync(path.join(dataDir, 'outbox')).sort();
    expect(files).toHaveLength(2);
    const messages = files.map((name) => JSON.parse(readFileSync(path.join(dataDir, 'outbox', name), 'utf8')));
    expect(messages.map(({ channel, to, text }) => ({ channel, to, text }))).toEqual([
      { channel: 'sms', to: '+12025550123', text: 'first' },
      { channel: 'sms', to: '+12025550123', text: 'second' },
    ]);
    expect(new Date(messages[0].sent_at).getTime()).not.toBeNaN();
  });
});
