import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  GUEST_ORDER_LINK_SENT_MESSAGE,
  ORDER_PLACED_MESSAGE,
  guestPlaceOrderSchema,
  placeOrderSchema,
} from '../../../shared/orders.contract.ts';
import { SIGNED_IN, SIGNED_IN_OR_NOT } from '../../platform/api-documentation.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import { HttpError, validationFailed } from '../../platform/errors.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { parseInput } from '../../platform/validation.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { publishOrderStatusChanged } from '../live/live-events.ts';
import { publishNotifications } from '../notifications/notifications.service.ts';
import type { PaymentGateways } from '../payments/payment-gateways.ts';
import { recordId } from '../../platform/record-id.ts';
import { announceCancelledOrders, paymentRoutes } from '../payments/payments.routes.ts';
import { paymentUrl, settleStalePayments } from '../payments/payments.service.ts';
import { reviewTags, stockChangeTags, stockReturnedTags, stockTaken } from '../catalog/catalog-writes.ts';
import { cancelOrder, ORDER_NOT_FOUND_MESSAGE } from './order-cancellation.ts';
import { orderConfirmationMail } from './order-mail.ts';
import { guestOrderKeyOf, listOrders, readGuestOrder, readOrder, reviewOrderLine } from './orders.service.ts';
import { guestOrderPath, guestOrderUrl, openGuestOrderLink, sendFreshGuestOrderLink } from './guest-order-links.ts';
import { EMPTY_SELECTION_MESSAGE, forgetOldIdempotencyKeys, placeOrder, presentPlacement } from './place-order.service.ts';
import { currentCartOwner, forgetOldGuestCarts, identifyCartOwner, NO_GUEST_CART } from '../cart/guest-cart.ts';

const tags = ['Orders'];

/** Stale online payments settled with their provider, and old placement keys forgotten. */
const ORDER_HOUSEKEEPING_JOB = 'order-housekeeping';

/** The request's `Idempotency-Key` header, or a 422 naming it. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const parsed = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER]);
  if (!parsed.success) throw validationFailed({ 'Idempotency-Key': [parsed.error.issues[0]!.message] });
  return parsed.data;
}

/**
 * `POST /api/place-order` for a signed-in shopper, or for a visitor's guest cart when the store
 * allows guest checkout (contact and address in the body instead of an address id).
 */
async function placeOrderRoutes(app: ApiInstance, { gateways }: { gateways: PaymentGateways }) {
  const { db } = app.database;
  app.addHook('preValidation', identifyCartOwner);

  const schema = {
    tags,
    summary: "Places the selected shops' lines as orders, one per shop",
    description:
      'A signed-in shopper names an `address_id`; a guest (a visitor while the store allows guest checkout) gives e-mail, phone, name and address instead. ' +
      'A retry of the same attempt repeats its `Idempotency-Key` and gets the first answer. `order_payment_url` is where to pay online (null for cash on delivery).',
    security: SIGNED_IN_OR_NOT,
    // Checked by the handler, after the session: a missing key is a 422 on the `Idempotency-Key` field.
    headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional().meta({ description: 'One value per placement attempt (at most 200 characters); required.', example: '6f1c2b9e-4d1a-4c43-9b8e-2f7d0c1a5e3b' }) }),
    ...endpointSchema('POST /place-order', { bodyCheckedByHandler: true }),
  };

  app.post('/place-order', { schema }, async (request) => {
    const owner = currentCartOwner(request);
    const idempotencyKey = idempotencyKeyOf(request);
    const now = app.clock.now();
    const shopper =
      owner.userId !== undefined
        ? { userId: owner.userId, input: parseInput(placeOrderSchema, request.body) }
        : { guestCartId: owner.guestCartId, input: parseInput(guestPlaceOrderSchema, request.body) };
    if (shopper.guestCartId === NO_GUEST_CART) throw validationFailed({ shop_ids: [EMPTY_SELECTION_MESSAGE] });
    // The confirmation mail is queued in the placement's transaction: an acknowledged order gets it
    // even if the process dies right after; sending (and retrying) it never holds up the answer.
    const placement = await placeOrder(db, gateways, { ...shopper, idempotencyKey, now, locale: requestLocale(request) }, async (tx, created) => {
      const mail = orderConfirmationMail(created, (key) => guestOrderUrl(app.config.publicUrl, key));
      if (mail) await app.jobs.queueMail(mail, tx);
    });
    if (placement.created) app.jobs.sendQueuedMail();
    if (placement.created) {
      app.caches.invalidate(stockChangeTags(stockTaken(placement.created.priced)));
      await publishNotifications({ db, events: app.events, log: request.log }, placement.created.notifications);
    }
    const { paymentId, paymentMethod } = placement.answer;
    let url: string | null = null;
    if (gateways.get(paymentMethod)?.checkout) {
      try {
        url = await paymentUrl(db, gateways, paymentId, { returnBaseUrl: app.config.publicUrl, now });
      } catch (error) {
        request.log.error({ err: error, paymentId }, 'payment could not be started');
        throw new HttpError(502, 'The payment could not be started. Please try again.');
      }
    }
    return { message: ORDER_PLACED_MESSAGE, data: presentPlacement(placement, url, guestOrderPath) };
  });
}

async function shopperOrderRoutes(app: ApiInstance, { gateways }: { gateways: PaymentGateways }) {
  const { db } = app.database;
  app.addHook('preValidation', authenticate);

  app.get('/orders', { schema: { tags, summary: "The shopper's orders with counts per status", security: SIGNED_IN, ...endpointSchema('GET /orders') } }, async (request) => {
    const query = request.query;
    const data = await listOrders(db, currentUser(request).id, { status: query.order_status, page: query.page, perPage: query.per_page });
    return { message: 'Orders', data };
  });

  app.get('/orders/:id', { schema: { tags, summary: 'An order', security: SIGNED_IN, ...endpointSchema('GET /orders/:id') } }, async (request) => {
    const order = await readOrder(db, currentUser(request).id, recordId(request, ORDER_NOT_FOUND_MESSAGE), requestLocale(request));
    return { message: 'Order details', data: { order } };
  });

  app.post('/orders/:id/cancel', { schema: { tags, summary: 'Cancels a pending order', security: SIGNED_IN, ...endpointSchema('POST /orders/:id/cancel') } }, async (request) => {
    const userId = currentUser(request).id;
    const orderId = recordId(request, ORDER_NOT_FOUND_MESSAGE);
    await cancelOrder(db, gateways, { userId, orderId, now: app.clock.now() });
    const order = await readOrder(db, userId, orderId, requestLocale(request));
    app.caches.invalidate(stockReturnedTags(order.items.map((item) => item.product_id)));
    // The shopper's other tabs and devices follow the change live.
    await publishOrderStatusChanged({ events: app.events, log: request.log }, { userId, id: order.id, orderNumber: order.order_number, status: order.status });
    return { message: 'Order cancelled successfully', data: { order } };
  });

  app.post(
    '/orders/:id/reviews',
    { schema: { tags, summary: "Reviews a delivered order's product", security: SIGNED_IN, ...endpointSchema('POST /orders/:id/reviews') } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const orderId = recordId(request, ORDER_NOT_FOUND_MESSAGE);
      await reviewOrderLine(db, { userId, orderId, input: request.body, now: app.clock.now() });
      app.caches.invalidate(reviewTags(request.body.product_id));
      return reply.code(201).send({ message: 'Thank you for your review', data: {} });
    },
  );
}

/** Orders and their payments: place-order, order history, cancellation, reviews, guests' order links, payment cancel and webhooks. */
export async function orderRoutes(app: ApiInstance) {
  const { db } = app.database;
  const gateways = app.paymentGateways;
  await app.register(paymentRoutes, { gateways });
  await app.register(placeOrderRoutes, { gateways });
  await app.register(shopperOrderRoutes, { gateways });

  const guestOrderSchema = {
    tags,
    summary: "A guest's order, by the key in its link",
    description: "A link older than the store's `guest_order_link_days` is refused with 410 Gone: the guest asks for a fresh one (`POST /guest-orders/link`).",
    ...endpointSchema('GET /guest-orders/:key'),
  };
  app.get('/guest-orders/:key', { schema: guestOrderSchema }, async (request) => {
    const orderId = await openGuestOrderLink(db, guestOrderKeyOf(request.params), app.clock.now());
    return { message: 'Order details', data: { order: await readGuestOrder(db, orderId, requestLocale(request)) } };
  });

  const freshLinkSchema = {
    tags,
    summary: 'Mails a guest a fresh link to their order',
    description:
      'The e-mail the order was placed with, and its `order_number` or the `key` of its expired link. The answer is the same whether or not an order matched; ' +
      'when one did, its earlier links stop working. Limited per e-mail and per network address (429 with `retry_after`).',
    ...endpointSchema('POST /guest-orders/link'),
  };
  app.post('/guest-orders/link', { schema: freshLinkSchema }, async (request, reply) => {
    await sendFreshGuestOrderLink(app, request.body, request.ip);
    return reply.code(202).send({ message: GUEST_ORDER_LINK_SENT_MESSAGE, data: {} });
  });

  await app.jobs.repeat(ORDER_HOUSEKEEPING_JOB, app.config.jobs.housekeepingSeconds, async () => {
    const now = app.clock.now();
    for (const closed of await settleStalePayments(db, gateways, now, app.log)) await announceCancelledOrders(app, closed, app.log);
    await forgetOldIdempotencyKeys(db, now);
    await forgetOldGuestCarts(db, now);
  });
}
