import path from 'node:path';
import { z } from 'zod';
import type { DatabaseTarget } from './db/client.ts';
import { STANDARD_JOB_TIMING, type JobTiming } from './platform/jobs.ts';
import { DEFAULT_HASHING_LIMITS, hashingLimits, OWASP_SCRYPT, type HashingLimits, type ScryptParams } from './platform/passwords.ts';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Open Store <no-reply@localhost>'),
  /** The public address of the store, for canonical links, sitemaps and e-mails; required in production. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** "local" unlocks developer conveniences (prefilled demo login, codes in answers); never use it in production. */
  APP_ENV: z.enum(['local', 'production']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** SMS through Twilio's Messages API; without these, phone codes go to the outbox (the log only notes each one). */
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  /** Social sign-in: where provider keys and token checks live (tests point these at loopback servers). */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  APPLE_JWKS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  /** Multiplies every per-address rate limit (many shoppers behind one address, load tests). */
  IP_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(10_000).default(1),
  /** Password hashes computed at once (8 MiB each), half the cores by default; eight times as many may wait, the rest get 429. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(DEFAULT_HASHING_LIMITS.concurrency),
  /** Event-loop delay past which requests get 503 instead of queueing behind a saturated process; 0 turns this off. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Seconds between housekeeping runs (stale payments, old keys and carts, expired invitations, earnings whose return window closed). */
  HOUSEKEEPING_SECONDS: z.coerce.number().int().min(1).max(86_400).default(STANDARD_JOB_TIMING.housekeepingSeconds),
  /** Listings without a search from an index in memory (about 100 bytes a listed product) rather than the database's indexes. */
  LISTING_INDEX: z
    .enum(['on', 'off'])
    .default('on')
    .transform((value) => value === 'on'),
  /** Stripe Checkout: both keys switch the 'stripe' payment method on; the API address is for tests (a local peer). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** Signs the links the store hands out that open what is not public (a draft blog post's preview); at least 32 characters. */
  APP_SECRET: z.string().min(32).optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** The store's address in links it gives out, without a trailing slash; never taken from a request's Host. */
  publicUrl: string;
  appEnv: 'local' | 'production';
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Where log lines go: standard output unless a test reads them. */
  logStream?: { write(line: string): void };
  trustProxy: boolean;
  /** Signs preview links (platform/signed-links.ts); without it, a key made at start. */
  appSecret?: string;
  /** Twilio credentials; undefined when SMS is not configured. */
  sms?: { accountSid: string; authToken: string; from: string; apiUrl: string };
  social: { googleJwksUrl: string; appleJwksUrl: string; facebookGraphUrl: string; facebookAppSecret?: string };
  ipRateLimitFactor: number;
  /** Stripe keys and, for tests, the address of the API to talk to; undefined when Stripe is not configured. */
  stripe?: StripeSettings;
  /** scrypt cost; OWASP's parameters unless a test asks for cheaper ones. */
  passwordHashParams: ScryptParams;
  /** How many password hashes run at once and how many may wait for a turn. */
  passwordHashing: HashingLimits;
  /** Event-loop delay past which requests get 503 (load shedding); 0 turns it off. */
  maxEventLoopDelayMs: number;
  /** Listings without a search answered from the listing index in memory (decision 044). */
  listingIndex: boolean;
  /** How often background jobs poll, retry mail and repeat; tests make it quicker. */
  jobs: JobTiming;
  /** Where the built storefront lives; undefined serves the API only (tests, dev mode). */
  webRoot?: string;
  /** The built server render of the storefront's pages; undefined or missing leaves painting to the browser. */
  webRenderModule?: string;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  api?: { host: string; port?: number; protocol?: 'http' | 'https' };
}

export class ConfigError extends Error {}

function parseEnvironment(env: NodeJS.ProcessEnv) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const database: DatabaseTarget = e.DATABASE_URL
    ? { driver: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
    : { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') };
  // The zero-set-up demo on the embedded database is a local environment; a real server is not.
  const appEnv: AppConfig['appEnv'] = e.APP_ENV ?? (e.DATABASE_URL ? 'production' : 'local');
  return { e, dataDir, database, appEnv };
}

/**
 * What the seed needs: the database and whether it is a local store (demo accounts). It gives out
 * no links, so, unlike the server, it asks for no public address.
 */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env): Pick<AppConfig, 'database' | 'appEnv' | 'appSecret'> {
  const { e, database, appEnv } = parseEnvironment(env);
  return { database, appEnv, appSecret: e.APP_SECRET };
}

/** Parses the environment once; a wrong value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const { e, dataDir, database, appEnv } = parseEnvironment(env);
  if (appEnv === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError(
      'PUBLIC_URL is required in production: the address shoppers reach the store at (e.g. https://shop.example.com), for canonical links, sitemaps and e-mails.',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appEnv,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    appSecret: e.APP_SECRET,
    sms:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM, apiUrl: e.TWILIO_API_URL }
        : undefined,
    social: {
      googleJwksUrl: e.GOOGLE_JWKS_URL,
      appleJwksUrl: e.APPLE_JWKS_URL,
      facebookGraphUrl: e.FACEBOOK_GRAPH_URL,
      facebookAppSecret: e.FACEBOOK_APP_SECRET,
    },
    ipRateLimitFactor: e.IP_RATE_LIMIT_FACTOR,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            api: e.STRIPE_API_HOST ? { host: e.STRIPE_API_HOST, port: e.STRIPE_API_PORT, protocol: e.STRIPE_API_PROTOCOL } : undefined,
          }
        : undefined,
    passwordHashParams: OWASP_SCRYPT,
    passwordHashing: hashingLimits(e.PASSWORD_HASH_CONCURRENCY),
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    listingIndex: e.LISTING_INDEX,
    jobs: { ...STANDARD_JOB_TIMING, housekeepingSeconds: e.HOUSEKEEPING_SECONDS },
    webRoot: path.resolve('dist/web'),
    webRenderModule: path.resolve('dist/web-render/server-render.js'),
  };
}
