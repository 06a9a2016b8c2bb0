import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answerOf, noDataSchema } from '../../../shared/api-answers.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import { recordId } from '../../platform/record-id.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import type { PaymentGateways } from './payment-gateways.ts';
import { publishOrderStatusChanged } from '../live/live-events.ts';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema.ts';
import { stockReturnedTags } from '../catalog/catalog-writes.ts';
import { orderedProductIds } from '../order-release/order-release.ts';
import { publishNotifications } from '../notifications/notifications.service.ts';
import { applyCheckoutEvent, cancelledOrdersOf, cancelPayment, type ClosedPayment } from './payments.service.ts';

const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** A payment that failed or was given up cancelled its orders: the shopper's open storefronts hear of it, and the console of a failure. */
export async function announceCancelledOrders(app: FastifyInstance, { paymentId, notifications }: ClosedPayment, log: FastifyBaseLogger) {
  await publishNotifications({ db: app.database.db, events: app.events, log }, notifications);
  app.caches.invalidate(stockReturnedTags(await orderedProductIds(app.database.db, eq(orders.paymentId, paymentId))));
  for (const order of await cancelledOrdersOf(app.database.db, paymentId)) {
    await publishOrderStatusChanged({ events: app.events, log }, { ...order, status: 'cancelled' });
  }
}

/**
 * `POST /payments/stripe/webhook`, in a scope of its own: Stripe signs the exact bytes it sent, so
 * this route alone reads its body raw instead of as JSON.
 */
async function stripeWebhookRoutes(app: ApiInstance, { gateways }: { gateways: PaymentGateways }) {
  const { db } = app.database;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  const schema = {
    tags: ['Payments'],
    summary: "Stripe's events (signed; the body is read raw)",
    description: 'Called by Stripe with a `Stripe-Signature` header over the exact body it sent; a bad signature is 400.',
    body: z.unknown().meta({ description: "Stripe's event, exactly as Stripe sent it" }),
    response: { 200: answerOf(noDataSchema) },
  };

  app.post('/payments/stripe/webhook', { schema }, async (request) => {
    const checkout = gateways.get('stripe')?.checkout;
    if (!checkout) throw notFound();
    const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const now = app.clock.now();
    let event;
    try {
      event = checkout.parseEvent(payload, request.headers['stripe-signature'] as string | undefined, now);
    } catch (error) {
      // The SDK's error carries the payload and the signature header, and refers to itself: only its message is logged.
      request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'Stripe webhook refused');
      throw new HttpError(400, 'Invalid webhook signature');
    }
    const { handling, closed, afterCommit } = await applyCheckoutEvent(db, 'stripe', event, { now, log: request.log, onRefundOutcome: app.refundOutcome });
    request.log.info({ eventId: event.id, type: event.type, handling }, 'Stripe webhook');
    if (handling === 'applied') app.jobs.sendQueuedMail();
    if (closed) await announceCancelledOrders(app, closed, request.log);
    for (const then of afterCommit) await then(request.log);
    return { message: 'Webhook received', data: {} };
  });
}

/** The payment calls: the shopper's cancel after returning from a hosted checkout, and the providers' webhooks. */
export async function paymentRoutes(app: ApiInstance, { gateways }: { gateways: PaymentGateways }) {
  const { db } = app.database;
  await app.register(stripeWebhookRoutes, { gateways });

  await app.register(async (shopper: ApiInstance) => {
    shopper.addHook('preValidation', authenticate);
    const schema = {
      tags: ['Payments'],
      summary: 'Gives up an online payment (the shopper came back from the hosted checkout without paying); its orders are cancelled',
      security: SIGNED_IN,
      ...endpointSchema('POST /payments/:id/cancel'),
    };
    shopper.post('/payments/:id/cancel', { schema }, async (request) => {
      const paymentId = recordId(request, 'Payment not found');
      const cancelled = await cancelPayment(db, gateways, { userId: currentUser(request).id, paymentId, now: app.clock.now() });
      if (cancelled) await announceCancelledOrders(app, { paymentId, notifications: [] }, request.log);
      return { message: 'Payment cancelled', data: {} };
    });
  });
}
