import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { translateAnswers } from './features/i18n/answer-language.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import { createOutboxMailer, createSmtpMailer } from './platform/mailer.ts';
import { createPasswordHasher } from './platform/passwords.ts';
import { createMemoryRateLimiter, createRedisRateLimiter } from './platform/rate-limiter.ts';
import './platform/fastify-types.ts';
import { storefrontRoutes } from './features/storefront/storefront.routes.ts';

export interface AppDependencies {
  config: AppConfig;
  database: Database;
  /** Tests pass a clock they can move to check expiry; the store runs on the system clock. */
  clock?: Clock;
}

/** Builds the whole store (API + storefront) without listening, so tests can inject requests. */
export async function buildApp({ config, database, clock = systemClock }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('clock', clock);
  app.decorate('passwords', createPasswordHasher(config.passwordHashParams));
  const rateLimiter = config.redisUrl ? createRedisRateLimiter(config.redisUrl) : createMemoryRateLimiter(clock);
  app.decorate('rateLimiter', rateLimiter);
  app.addHook('onClose', () => rateLimiter.close());
  app.decorate(
    'mailer',
    config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(config.dataDir, app.log),
  );
  registerErrorHandler(app);
  translateAnswers(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The store may be served over plain HTTP on a LAN or behind a TLS proxy; upgrading would break the former.
    strictTransportSecurity: false,
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(settingsRoutes);
      await api.register(catalogRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes);
  await app.register(storefrontRoutes);
  return app;
}
