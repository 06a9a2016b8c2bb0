import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Caches } from './caches.ts';
import type { Clock } from './clock.ts';
import type { EventBus } from './event-bus.ts';
import type { JobQueue } from './jobs.ts';
import type { Mailer } from './mailer.ts';
import type { PasswordHasher } from './passwords.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { SmsSender } from './sms.ts';
import type { LinkSigner } from './signed-links.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    clock: Clock;
    passwords: PasswordHasher;
    rateLimiter: RateLimiter;
    mailer: Mailer;
    /** Mail and periodic work, kept in the database until done (decision 015). */
    jobs: JobQueue;
    sms: SmsSender;
    /** Live updates to signed-in users (`GET /api/events`), fanned out through Redis when REDIS_URL is set. */
    events: EventBus;
    /** Headers that keep the server's calls to its own routes out of the request log (platform/logging.ts). */
    inProcessCallHeaders: Record<string, string>;
    /** Whether both Redis connections are up; undefined without REDIS_URL. */
    redisConnected(): boolean | undefined;
    /** The answers this instance keeps (decision 022); writes invalidate them here and, through Redis, on every instance. */
    caches: Caches;
    /** Signs and checks links to what is not public (a draft's preview). */
    linkSigner: LinkSigner;
  }

  interface FastifyContextConfig {
    /**
     * Answered even while the process sheds load (app.ts, under-pressure): the health check, and
     * files read from disk or drawn (demo pictures), so a page already sent does not lose its
     * stylesheet or pictures.
     */
    servedUnderPressure?: boolean;
  }
}

/** A Fastify instance whose routes take their request and answer types from their zod schemas (decision 021). */
export type ApiInstance = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;
