import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { getHeapStatistics } from 'node:v8';
import underPressure from '@fastify/under-pressure';
import helmet from 'helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import { createLinkSigner } from './platform/signed-links.ts';
import type { Database } from './db/client.ts';
import { addressRoutes } from './features/account/addresses.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { orderConsoleRoutes } from './features/admin/orders.console.routes.ts';
import { customerConsoleRoutes } from './features/account/customers.console.routes.ts';
import { settingsConsoleRoutes } from './features/settings/settings.console.routes.ts';
import { commissionPayoutsConsoleRoutes } from './features/settings/commission-payouts.console.routes.ts';
import { deliveryTaxConsoleRoutes } from './features/settings/delivery-tax.console.routes.ts';
import { themeConsoleRoutes } from './features/settings/theme.console.routes.ts';
import { currenciesConsoleRoutes } from './features/settings/currencies.console.routes.ts';
import { paymentsSignInConsoleRoutes } from './features/settings/payments-sign-in.console.routes.ts';
import { storeProfileConsoleRoutes } from './features/settings/store-profile.console.routes.ts';
import { consoleInvitationRoutes } from './features/console/console-invitations.routes.ts';
import { consoleRoutes } from './features/console/console.routes.ts';
import { shopConsoleRoutes } from './features/shops/shops.console.routes.ts';
import { shopRegistrationRoutes } from './features/shops/shops.routes.ts';
import { favoriteRoutes } from './features/account/favorites.routes.ts';
import { profileRoutes } from './features/account/profile.routes.ts';
import { cartRoutes } from './features/cart/cart.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { catalogConsoleRoutes } from './features/catalog/catalog.console.routes.ts';
import { stockConsoleRoutes } from './features/stock/stock.console.routes.ts';
import { productReviewConsoleRoutes } from './features/catalog/product-review.console.routes.ts';
import { reviewModerationConsoleRoutes } from './features/catalog/review-moderation.console.routes.ts';
import { taxonomyConsoleRoutes } from './features/catalog/taxonomy.console.routes.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { checkoutRoutes } from './features/checkout/checkout.routes.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { contentConsoleRoutes } from './features/content/content.console.routes.ts';
import { homeContentConsoleRoutes } from './features/content/home-content.console.routes.ts';
import { contentRoutes } from './features/content/content.routes.ts';
import { translateAnswers } from './features/i18n/answer-language.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { liveRoutes } from './features/live/live.routes.ts';
import { notificationConsoleRoutes } from './features/notifications/notifications.console.routes.ts';
import { mediaConsoleRoutes } from './features/media/media.console.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { orderRoutes } from './features/orders/orders.routes.ts';
import { invoiceRoutes } from './features/invoices/invoices.routes.ts';
import { orderInvoice } from './features/invoices/invoices.service.ts';
import { returnConsoleRoutes } from './features/returns/returns.console.routes.ts';
import { returnRoutes } from './features/returns/returns.routes.ts';
import { refundOutcomeOf } from './features/returns/refunds.service.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { socialSignInRoutes } from './features/auth/social/social.routes.ts';
import { answerSerializerCompiler } from './platform/answer-serializer.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { registerErrorHandler, SERVICE_UNAVAILABLE_MESSAGE } from './platform/error-handler.ts';
import { fanOutInvalidations } from './platform/cache-fanout.ts';
import { Caches } from './platform/caches.ts';
import { createMemoryEventBus, createRedisEventBus } from './platform/event-bus.ts';
import { apiDocumentation, documentApiRoutes } from './platform/api-documentation.ts';
import { loggerOptions, quietInProcessCalls } from './platform/logging.ts';
import { startJobQueue } from './platform/jobs.ts';
import { createOutboxMailer, createSmtpMailer, type MailAttachmentReference } from './platform/mailer.ts';
import { refuseCrossSiteWrites } from './platform/cross-site-guard.ts';
import { guardConsoleRoutes } from './platform/console-access.ts';
import { createPasswordHasher, type PasswordHasher } from './platform/passwords.ts';
import { validatorCompiler } from './platform/validation.ts';
import { waitForRunningHandlersOnClose } from './platform/running-handlers.ts';
import { createMemoryRateLimiter, createRedisRateLimiter } from './platform/rate-limiter.ts';
import { openRedis, openRedisSubscriber, waitUntilReady } from './platform/redis.ts';
import { createOutboxSmsSender, createTwilioSmsSender } from './platform/sms.ts';
import './platform/fastify-types.ts';
import { REACT_SHELL_TIME_SCRIPT_SOURCE } from './features/storefront/react-inline-script.ts';
import { storefrontRoutes } from './features/storefront/storefront.routes.ts';
import { supportRoutes } from './features/support/support.routes.ts';
import { voucherRoutes } from './features/vouchers/vouchers.routes.ts';
import { voucherConsoleRoutes } from './features/vouchers/vouchers.console.routes.ts';
import { dashboardConsoleRoutes } from './features/dashboard/dashboard.console.routes.ts';
import { earningsConsoleRoutes } from './features/earnings/earnings.console.routes.ts';
import { withdrawalConsoleRoutes } from './features/earnings/withdrawals.console.routes.ts';
import { flashSaleConsoleRoutes } from './features/flash-sales/flash-sales.console.routes.ts';
import { blogConsoleRoutes } from './features/content/blog.console.routes.ts';
import { ticketConsoleRoutes } from './features/support/tickets.console.routes.ts';
import { createPaymentGateways } from './features/payments/payment-gateways.ts';

export interface AppDependencies {
  config: AppConfig;
  database: Database;
  /** Tests pass a clock they can move to check expiry; the store runs on the system clock. */
  clock?: Clock;
  /** Prefix of the live events' Redis keys and of the live events' and cache invalidations' channels; instances of one store share it, test runs each take their own. */
  eventsPrefix?: string;
  /** Tests pass a hasher whose queue they watch; the store hashes with scrypt at `config.passwordHashParams`. */
  passwords?: PasswordHasher;
}

/** How long a request refused because the process is saturated (its event loop lags past MAX_EVENT_LOOP_DELAY_MS) is told to wait. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** Builds the whole store (API + storefront) without listening, so tests can inject requests. */
export async function buildApp({ config, database, clock = systemClock, eventsPrefix = 'store', passwords }: AppDependencies): Promise<FastifyInstance> {
  const inProcessCalls = quietInProcessCalls();
  const app = Fastify({
    // A start hook may take a while on a large catalogue: the listing index loads before the server answers (decision 044).
    pluginTimeout: 120_000,
    logger: loggerOptions(config.logLevel, config.logStream),
    logController: inProcessCalls.logController,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  });
  waitForRunningHandlersOnClose(app);
  app.decorate('config', config);
  app.decorate('inProcessCallHeaders', inProcessCalls.headers);
  app.decorate('database', database);
  app.decorate('clock', clock);
  app.decorate('linkSigner', createLinkSigner(config.appSecret));
  app.decorate('paymentGateways', await createPaymentGateways(config));
  app.decorate('refundOutcome', refundOutcomeOf(app));
  app.decorate('passwords', passwords ?? createPasswordHasher(config.passwordHashParams, config.passwordHashing));
  const redis = config.redisUrl ? { commands: openRedis(config.redisUrl, app.log), subscriber: openRedisSubscriber(config.redisUrl, app.log) } : undefined;
  if (redis) {
    app.addHook('onReady', () => waitUntilReady(redis.commands));
    // Registered before the bus's own closing hook, so it runs after it (Fastify closes last-in, first-out).
    app.addHook('onClose', async () => {
      redis.commands.disconnect();
      redis.subscriber.disconnect();
    });
  }
  app.decorate('redisConnected', () => (redis ? redis.commands.status === 'ready' && redis.subscriber.status === 'ready' : undefined));
  const onRateLimitError = (error: unknown) => app.log.warn({ err: error }, 'rate limit not reset in Redis');
  app.decorate('rateLimiter', redis ? createRedisRateLimiter(redis.commands, onRateLimitError) : createMemoryRateLimiter(clock));
  const onEventBusError = (error: unknown) => app.log.error({ err: error }, 'live event bus failure');
  const events = redis
    ? createRedisEventBus(redis, { prefix: eventsPrefix, onError: onEventBusError })
    : createMemoryEventBus({ onError: onEventBusError });
  app.decorate('events', events);
  app.addHook('onClose', () => events.close());
  let announceInvalidation = (_tags: readonly string[]) => {};
  const caches = new Caches({
    onInvalidate: (tags) => announceInvalidation(tags),
    onRefreshError: (error) => app.log.warn({ err: error }, 'cached answer not refreshed'),
  });
  if (redis) {
    const onError = (error: unknown) => app.log.warn({ err: error }, 'cache invalidation not shared through Redis');
    announceInvalidation = fanOutInvalidations(caches, redis, { prefix: eventsPrefix, onError });
  }
  app.decorate('caches', caches);
  app.decorate(
    'mailer',
    config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(config.dataDir, app.log),
  );
  app.decorate('sms', config.sms ? createTwilioSmsSender(config.sms) : createOutboxSmsSender(config.dataDir, app.log));
  // A queued mail names its attachments; they are made when it is sent.
  const makeAttachment = (reference: MailAttachmentReference) => orderInvoice(database.db, { orderId: reference.invoiceOfOrder, shopId: null });
  const jobs = await startJobQueue({ database, mailer: app.mailer, makeAttachment, timing: config.jobs, log: app.log });
  app.decorate('jobs', jobs);
  // Added after the other closing hooks, so it runs first (Fastify closes last-in, first-out): a job being finished may still publish live events.
  app.addHook('onClose', () => jobs.stop());
  registerErrorHandler(app);
  translateAnswers(app);
  // Every route's request and answer schemas come from the zod contract in src/shared (decision 021).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  await apiDocumentation(app);

  // Helmet's own middleware, built once: @fastify/helmet builds it again for every request (its
  // options parsed each time: 5% of a cached answer's CPU, issue 14).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        // Social sign-in SDKs, loaded only when the sign-in buttons show: Google Identity Services, Facebook, Apple.
        // Plus React's one inline script of a streamed page.
        'script-src': [
          "'self'",
          REACT_SHELL_TIME_SCRIPT_SOURCE,
          'https://accounts.google.com/gsi/client',
          'https://connect.facebook.net',
          'https://appleid.cdn-apple.com',
        ],
        'frame-src': ["'self'", 'https://accounts.google.com/gsi/', 'https://www.facebook.com', 'https://appleid.apple.com'],
        'connect-src': ["'self'", 'https://accounts.google.com/gsi/', 'https://www.facebook.com'],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The providers' sign-in pop-ups answer through window.opener, which `same-origin` would cut.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Google's sign-in button checks the store's origin from the referrer; no-referrer breaks it.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The store may be served over plain HTTP on a LAN or behind a TLS proxy; upgrading would break the former.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  // A saturated process answers at once rather than queueing more work; the health check (for liveness) and files still answer.
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    // Near V8's heap limit (capped under `npm start`): answer 503 for a moment rather than run out and die.
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.9),
    // Once this has answered, Fastify goes no further with the request; returning nothing lets it on.
    pressureHandler: (request, reply) => {
      if (!request.routeOptions.config.servedUnderPressure) reply.code(503).header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)).send({ message: SERVICE_UNAVAILABLE_MESSAGE });
    },
  });
  // Forms with files (profile photo, later ticket attachments): outer bounds; each route caps its own file size below them.
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 5, fields: 30, fieldSize: 64 * 1024, parts: 40, headerPairs: 100 } });

  // The web storefront's session cookie (decision 017) and a visitor's guest cart.
  await app.register(cookie);

  await app.register(
    async (api) => {
      refuseCrossSiteWrites(api);
      documentApiRoutes(api);
      guardConsoleRoutes(api);
      await api.register(healthRoutes);
      await api.register(settingsRoutes);
      await api.register(catalogRoutes);
      await api.register(authRoutes);
      await api.register(cartRoutes);
      await api.register(checkoutRoutes);
      await api.register(voucherRoutes);
      await api.register(profileRoutes);
      await api.register(addressRoutes);
      await api.register(favoriteRoutes);
      await api.register(socialSignInRoutes);
      await api.register(contentRoutes);
      await api.register(contactRoutes);
      await api.register(supportRoutes);
      await api.register(liveRoutes);
      await api.register(adminRoutes);
      await api.register(consoleRoutes);
      await api.register(consoleInvitationRoutes);
      await api.register(notificationConsoleRoutes);
      await api.register(catalogConsoleRoutes);
      await api.register(stockConsoleRoutes);
      await api.register(productReviewConsoleRoutes);
      await api.register(reviewModerationConsoleRoutes);
      await api.register(orderConsoleRoutes);
      await api.register(customerConsoleRoutes);
      await api.register(settingsConsoleRoutes);
      await api.register(deliveryTaxConsoleRoutes);
      await api.register(commissionPayoutsConsoleRoutes);
      await api.register(themeConsoleRoutes);
      await api.register(currenciesConsoleRoutes);
      await api.register(paymentsSignInConsoleRoutes);
      await api.register(storeProfileConsoleRoutes);
      await api.register(voucherConsoleRoutes);
      await api.register(earningsConsoleRoutes);
      await api.register(withdrawalConsoleRoutes);
      await api.register(dashboardConsoleRoutes);
      await api.register(flashSaleConsoleRoutes);
      await api.register(contentConsoleRoutes);
      await api.register(homeContentConsoleRoutes);
      await api.register(ticketConsoleRoutes);
      await api.register(mediaConsoleRoutes);
      await api.register(taxonomyConsoleRoutes);
      await api.register(blogConsoleRoutes);
      await api.register(shopRegistrationRoutes);
      await api.register(shopConsoleRoutes);
      await api.register(orderRoutes);
      await api.register(invoiceRoutes);
      await api.register(returnRoutes);
      await api.register(returnConsoleRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes);
  await app.register(storefrontRoutes);
  return app;
}
