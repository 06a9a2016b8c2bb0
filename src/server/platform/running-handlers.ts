import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/** How long closing waits for the route handlers still running before it goes on without them. */
const SETTLE_WITHIN_MS = 8_000;

/**
 * Closing waits for the route handlers still running. Fastify's close resolves once every
 * connection has ended, and a client that gave up ends its connection at once while its handler
 * may still be placing an order or refunding one: the database, Redis and the job queue would then
 * close under it, and its work would fail halfway. Added before the routes, as it wraps each one's
 * handler; it waits before the server stops, while requests that arrive meanwhile are answered 503.
 */
export function waitForRunningHandlersOnClose(app: FastifyInstance) {
  let running = 0;
  let whenNoneRun: (() => void) | undefined;
  const finished = () => {
    running -= 1;
    if (running === 0) whenNoneRun?.();
  };

  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    const counted: RouteHandlerMethod = function (request, reply) {
      running += 1;
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (error) {
        finished();
        throw error;
      }
      if (result instanceof Promise) return result.finally(finished);
      finished();
      return result;
    };
    route.handler = counted;
  });

  app.addHook('preClose', async () => {
    if (running === 0) return;
    app.log.info({ running }, 'waiting for running requests to finish');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => (whenNoneRun = resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, SETTLE_WITHIN_MS))),
    ]);
    clearTimeout(timer);
    if (running > 0) app.log.warn({ running }, 'closing with requests still running');
  });
}
