import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type Database } from '../db/client.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { quickJobTiming } from '../test/job-timing.ts';
import { startJobQueue, type JobQueue } from './jobs.ts';
import type { Mail, Mailer, MakeAttachment, OutgoingMail } from './mailer.ts';

const ADDRESS = 'ada@example.test';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const started: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((jobs) => jobs.stop()));
});

function capturedLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, log: pino({ level: 'warn' }, stream) };
}

/** Makes an invoice's file the way the store would name it, its content telling which order it is of. */
const makeInvoice: MakeAttachment = async ({ invoiceOfOrder }) => ({ filename: `invoice-${invoiceOfOrder}.pdf`, contentType: 'application/pdf', content: Buffer.from(`%PDF order ${invoiceOfOrder}`) });

async function startQueue(mailer: Mailer, log = capturedLog().log, makeAttachment = makeInvoice) {
  const jobs = await startJobQueue({ database, mailer, makeAttachment, timing: quickJobTiming(), log });
  started.push(jobs);
  return jobs;
}

const mail = (subject: string): Mail => ({ to: ADDRESS, subject, text: `About ${subject}` });

/** The state of each queued mail with this subject. */
const mailStates = async (subject: string) =>
  (await queryRows<{ state: string }>(database.db, sql`select state from pgboss.job where name = 'send-mail' and data->>'subject' = ${subject}`)).map(
    (row) => row.state,
  );

describe('mail jobs', () => {
  it('send a mail again after a failed attempt, and log the failure without the address', async () => {
    const sent: Mail[] = [];
    const send = vi
      .fn<Mailer['send']>()
      .mockRejectedValueOnce(new Error('SMTP server not answering'))
      .mockImplementation(async (message) => {
        sent.push(message);
      });
    const { lines, log } = capturedLog();
    const jobs = await startQueue({ send }, log);

    await jobs.queueMail(mail('Retried'));
    await vi.waitFor(() => expect(sent).toEqual([mail('Retried')]), { timeout: 15_000, interval: 100 });
    expect(send).toHaveBeenCalledTimes(2);
    expect(await mailStates('Retried')).toEqual(['completed']);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: 'mail not sent; it will be tried again', attempt: 1, err: expect.objectContaining({ message: 'SMTP server not answering' }) }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(ADDRESS);
  });

  it('keep only the reference of an attachment in the queue and make the file at each attempt', async () => {
    const attempts: OutgoingMail[] = [];
    const send = vi
      .fn<Mailer['send']>()
      .mockImplementationOnce(async (message) => {
        attempts.push(message);
        throw new Error('SMTP server not answering');
      })
      .mockImplementation(async (message) => {
        attempts.push(message);
      });
    const make = vi.fn(makeInvoice);
    const jobs = await startQueue({ send }, capturedLog().log, make);

    await jobs.queueMail({ ...mail('With invoice'), attachments: [{ invoiceOfOrder: 42 }] });
    await vi.waitFor(async () => expect(await mailStates('With invoice')).toEqual(['completed']), { timeout: 15_000, interval: 100 });
    const invoice = { filename: 'invoice-42.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF order 42') };
    expect(attempts).toEqual([{ ...mail('With invoice'), attachments: [invoice] }, { ...mail('With invoice'), attachments: [invoice] }]);
    expect(make).toHaveBeenCalledTimes(2);
    const [queued] = await queryRows<{ data: unknown }>(database.db, sql`select data from pgboss.job where name = 'send-mail' and data->>'subject' = 'With invoice'`);
    expect(queued!.data).toEqual({ ...mail('With invoice'), attachments: [{ invoiceOfOrder: 42 }] });
  });

  it('queue a mail in a transaction only when the transaction commits', async () => {
    const send = vi.fn<Mailer['send']>(async () => undefined);
    const jobs = await startQueue({ send });
    const refused = database.db.transaction(async (tx) => {
      await jobs.queueMail(mail('Rolled back'), tx);
      throw new Error('placement refused');
    });
    await expect(refused).rejects.toThrow('placement refused');
    await database.db.transaction((tx) => jobs.queueMail(mail('Committed'), tx));
    jobs.sendQueuedMail();

    await vi.waitFor(() => expect(send).toHaveBeenCalledWith(mail('Committed')));
    expect(await mailStates('Committed')).toEqual(['completed']);
    expect(await mailStates('Rolled back')).toEqual([]);
  });

  it('finish the mail being sent when the queue stops, and queue nothing after', async () => {
    let finishSending = () => undefined as void;
    const send = vi.fn<Mailer['send']>(() => new Promise<void>((resolve) => (finishSending = resolve)));
    const jobs = await startQueue({ send });
    await jobs.queueMail(mail('Slow'));
    await vi.waitFor(() => expect(send).toHaveBeenCalledOnce());

    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    expect(await mailStates('Slow')).toEqual(['active']);
    expect(stopped).toBe(false);
    finishSending();
    await stopping;
    expect(await mailStates('Slow')).toEqual(['completed']);
    await expect(jobs.queueMail(mail('Too late'))).rejects.toThrow('The job queue is stopped.');
    expect(await mailStates('Too late')).toEqual([]);
  });
});

describe('repeated jobs', () => {
  it('run once per time slot however many instances offer them, never two runs at a time', async () => {
    const noMail: Mailer = { send: async () => undefined };
    const instances = await Promise.all([startQueue(noMail), startQueue(noMail)]);
    let runs = 0;
    let running = 0;
    let mostAtOnce = 0;
    const task = async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await database.ping();
      running -= 1;
      runs += 1;
    };
    await Promise.all(instances.map((jobs) => jobs.repeat('test-repeat', 1, task)));
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3), { timeout: 15_000, interval: 100 });
    await Promise.all(instances.map((jobs) => jobs.stop()));

    expect(mostAtOnce).toBe(1);
    const slots = await queryRows<{ jobs: number; completed: number }>(
      database.db,
      sql`select count(*)::int as jobs, count(*) filter (where state = 'completed')::int as completed
          from pgboss.job where name = 'test-repeat' group by singleton_on`,
    );
    expect(slots.every((slot) => slot.jobs === 1)).toBe(true);
    expect(slots.reduce((sum, slot) => sum + slot.completed, 0)).toBe(runs);
  });
});
