import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client.ts';
import type { Mailer, MakeAttachment, QueuedMail } from './mailer.ts';

/**
 * Work that must happen even if the process dies, once however many instances run: mail, and
 * periodic tasks. Jobs are rows in the database (pg-boss's `pgboss` schema, decision 015), so a
 * job queued in a transaction exists exactly when what it belongs to was committed.
 */
export interface JobQueue {
  /**
   * Queues a mail; it is sent by a worker, retried with growing delays when sending fails. Given a
   * transaction, the mail is queued in it: it exists only if the transaction commits, and goes out
   * at the next poll unless `sendQueuedMail()` is called after the commit.
   */
  queueMail(mail: QueuedMail, tx?: Db): Promise<void>;
  /** Wakes this instance's mail worker for mail just committed in a transaction. */
  sendQueuedMail(): void;
  /** Runs `task` once every `everySeconds` across all instances sharing the database, never two runs at a time. */
  repeat(name: string, everySeconds: number, task: () => Promise<void>): Promise<void>;
  /** Lets the jobs being run finish, then stops every worker; the queue issues no query after this resolves. */
  stop(): Promise<void>;
}

export interface JobTiming {
  /** Seconds an idle worker waits before looking for jobs again. */
  pollSeconds: number;
  /** Seconds before a failed mail's first retry; each further retry waits about twice as long. */
  mailRetrySeconds: number;
  /** Seconds between runs of the housekeeping (stale online payments, old placement keys, expired staff invitations). */
  housekeepingSeconds: number;
  /** Seconds between refreshes of the popular and best-selling orders from the views and sales counted since. */
  rankingsSeconds: number;
  /** Seconds between counts of the catalogue's words that make the frequent ones search posting words. */
  searchPostingsSeconds: number;
  /** Seconds between looks at the flash sales' clock: a sale starting or ending since drops the cached prices everywhere. */
  flashSaleClockSeconds: number;
  /** Seconds between rewrites of the dashboards' daily rollups for the days touched since (decision 055). */
  dashboardRollupSeconds: number;
}

export const STANDARD_JOB_TIMING: JobTiming = { pollSeconds: 2, mailRetrySeconds: 5, housekeepingSeconds: 10 * 60, rankingsSeconds: 5 * 60, searchPostingsSeconds: 6 * 60 * 60, flashSaleClockSeconds: 2, dashboardRollupSeconds: 60 };

const SEND_MAIL = 'send-mail';
/** Retries after the first attempt: with 5 s to start with and doubling, a mail is tried for about two hours. */
const MAIL_RETRIES = 10;
/** A send taking longer (an SMTP server that stopped answering) counts as failed and is retried. */
const MAIL_SEND_LIMIT_SECONDS = 60;
const REPEATED_TASK_LIMIT_SECONDS = 5 * 60;

type SqlResult = { rows: unknown[] };
type RunSql = (text: string, values?: unknown[]) => Promise<SqlResult>;

const lastResult = (results: SqlResult | SqlResult[]): SqlResult => (Array.isArray(results) ? (results.at(-1) ?? { rows: [] }) : results);

/**
 * pg-boss's statements on the app's own connections. Those without parameters may be several
 * with their own BEGIN/COMMIT: a failing one must not leave a connection (or the whole embedded
 * database) inside an aborted transaction.
 */
function sqlRunner(client: pg.Pool | PGlite): RunSql {
  if (client instanceof PGlite) {
    return async (text, values) => (values ? client.query(text, values) : lastResult(await client.transaction((tx) => tx.exec(text))));
  }
  return async (text, values) => {
    if (values) return client.query(text, values);
    const connection = await client.connect();
    try {
      const results = (await connection.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
      connection.release();
      return lastResult(results);
    } catch (error) {
      connection.release(true);
      throw error;
    }
  };
}

/** pg-boss's `$1`… statement as a Drizzle query, so it runs inside a Drizzle transaction. */
function drizzleQuery(text: string, values: unknown[] = []): SQL {
  const chunks = text.split(/\$(\d+)/).map((part, index) => (index % 2 === 1 ? sql.param(values[Number(part) - 1] ?? null) : sql.raw(part)));
  return sql.join(chunks);
}

const inTransaction = (tx: Db): PgBoss.Db => ({
  executeSql: async (text, values) => (await tx.execute(drizzleQuery(text, values))) as unknown as SqlResult,
});

/** What a failed job keeps of its failure: never a statement's parameters (a mail's address and text). */
function failureOutput(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  return { message: error.message, code: (error as { code?: unknown }).code };
}

function withinSeconds<Result>(seconds: number, work: Promise<Result>): Promise<Result> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not done within ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/**
 * Creates the queue unless it exists. Instances starting together can deadlock creating one queue's
 * table; PostgreSQL aborts one of them, which tries again and finds the queue made.
 */
async function createQueue(boss: PgBoss, name: string, policy: PgBoss.QueuePolicy) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await boss.createQueue(name, { name, policy });
    } catch (error) {
      if (attempt === 3 || (error as { code?: unknown }).code !== '40P01') throw error;
    }
  }
}

/**
 * A worker: `turn` runs again at once while it finds work (it answers true), else after `idleMs`
 * or when woken. Turns catch their own failures.
 */
function startWorker(turn: () => Promise<boolean>, idleMs: number, running: () => boolean) {
  let wokenDuringTurn = false;
  let interruptSleep: (() => void) | undefined;
  const done = (async () => {
    while (running()) {
      wokenDuringTurn = false;
      if ((await turn()) || wokenDuringTurn || !running()) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, idleMs);
        interruptSleep = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      interruptSleep = undefined;
    }
  })();
  return {
    wake() {
      wokenDuringTurn = true;
      interruptSleep?.();
    },
    done,
  };
}

export interface JobQueueDependencies {
  database: Database;
  mailer: Mailer;
  /** Makes a queued mail's attachments when it is sent (and again at each retry). */
  makeAttachment: MakeAttachment;
  timing: JobTiming;
  log: FastifyBaseLogger;
}

/** Installs or upgrades the `pgboss` schema when needed and starts the mail worker. */
export async function startJobQueue({ database, mailer, makeAttachment, timing, log }: JobQueueDependencies): Promise<JobQueue> {
  const run = sqlRunner(database.driverClient);
  const inFlight = new Set<Promise<SqlResult>>();
  let closed = false;
  const boss = new PgBoss({
    db: {
      executeSql(text, values) {
        if (closed) return Promise.reject(new Error('The job queue is stopped.'));
        const query = run(text, values);
        inFlight.add(query);
        const forget = () => inFlight.delete(query);
        query.then(forget, forget);
        return query;
      },
    },
    // Periodic work is queued per time slot by `repeat` instead: pg-boss's cron worker completes jobs
    // without awaiting it, and a database failure at that moment would reject with nobody listening.
    schedule: false,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue maintenance failed'));
  await boss.start();
  await createQueue(boss, SEND_MAIL, 'standard');

  let running = true;
  const workers: Array<ReturnType<typeof startWorker>> = [];
  const work = (turn: () => Promise<boolean>) => {
    const worker = startWorker(turn, timing.pollSeconds * 1000, () => running);
    workers.push(worker);
    return worker;
  };

  /** Completes the job, or fails it (pg-boss retries it while it has retries left); the answer tells. */
  async function runJob(queue: string, jobId: string, limitSeconds: number, task: () => Promise<void>): Promise<unknown> {
    try {
      await withinSeconds(limitSeconds, task());
    } catch (error) {
      await boss.fail(queue, jobId, failureOutput(error));
      return error;
    }
    await boss.complete(queue, jobId);
    return null;
  }

  const mailWorker = work(async () => {
    try {
      const [job] = await boss.fetch<QueuedMail>(SEND_MAIL, { includeMetadata: true });
      if (!job) return false;
      const send = async ({ attachments, ...mail }: QueuedMail) => mailer.send({ ...mail, ...(attachments && { attachments: await Promise.all(attachments.map(makeAttachment)) }) });
      const failure = await runJob(SEND_MAIL, job.id, MAIL_SEND_LIMIT_SECONDS, () => send(job.data));
      if (failure) {
        const attempt = { jobId: job.id, attempt: job.retryCount + 1, err: failure };
        if (job.retryCount < job.retryLimit) log.warn(attempt, 'mail not sent; it will be tried again');
        else log.error(attempt, 'mail not sent after its last attempt; given up');
      }
      return true;
    } catch (error) {
      log.error({ err: error }, 'mail worker failed; trying again');
      return false;
    }
  });

  const mailOptions = (tx?: Db): PgBoss.SendOptions => ({
    retryLimit: MAIL_RETRIES,
    retryDelay: timing.mailRetrySeconds,
    retryBackoff: true,
    // Twice the send limit: a worker that died mid-send (a crash) hands the mail on after this.
    expireInSeconds: 2 * MAIL_SEND_LIMIT_SECONDS,
    ...(tx && { db: inTransaction(tx) }),
  });

  return {
    async queueMail(mail, tx) {
      const id = await boss.send(SEND_MAIL, mail, mailOptions(tx));
      if (!id) throw new Error('The mail could not be queued.');
      if (!tx) mailWorker.wake();
    },
    sendQueuedMail: () => mailWorker.wake(),
    async repeat(name, everySeconds, task) {
      await createQueue(boss, name, 'stately');
      const slotJob: PgBoss.SendOptions = {
        singletonKey: name,
        singletonSeconds: everySeconds,
        retryLimit: 0,
        expireInSeconds: 2 * REPEATED_TASK_LIMIT_SECONDS,
      };
      work(async () => {
        try {
          // Every instance offers the current slot's job; the database keeps one per slot.
          await boss.send(name, {}, slotJob);
          const [job] = await boss.fetch(name);
          if (!job) return false;
          const failure = await runJob(name, job.id, REPEATED_TASK_LIMIT_SECONDS, task);
          if (failure) log.warn({ job: name, err: failure }, 'repeated job failed; it runs again next time');
          return true;
        } catch (error) {
          log.error({ job: name, err: error }, 'repeated job worker failed; trying again');
          return false;
        }
      });
    },
    async stop() {
      if (!running) return;
      running = false;
      for (const worker of workers) worker.wake();
      await Promise.all(workers.map((worker) => worker.done));
      await boss.stop({ graceful: false });
      closed = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}
