import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { GUEST_ORDER_LINK_EXPIRED_MESSAGE, type guestOrderLinkRequestSchema } from '../../../shared/orders.contract.ts';
import type { Db } from '../../db/client.ts';
import { orders, shops } from '../../db/schema.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import type { Mail } from '../../platform/mailer.ts';
import { enforceIpRateLimit, enforceRateLimit, type RateRule } from '../../platform/rate-limiter.ts';
import { newToken, sha256 } from '../../platform/secrets.ts';
import { mailWriter } from '../i18n/mail-text.ts';
import { readStoreSetting, readStoreSettings } from '../settings/settings.service.ts';
import { ORDER_NOT_FOUND_MESSAGE } from './order-cancellation.ts';

const DAY_MS = 86_400_000;

/** A few fresh links an hour to one e-mail address (each makes the last one stop working), more per network address. */
const LINKS_PER_EMAIL: RateRule = { limit: 3, windowSeconds: 60 * 60 };
const LINKS_PER_IP: RateRule = { limit: 10, windowSeconds: 60 * 60 };

/** The page a guest's order link opens; the key is only ever in a mail and the placement's first answer. */
export const guestOrderPath = (key: string) => `/orders/guest/${key}`;

/** The whole address of that page, as mails write it. */
export const guestOrderUrl = (publicUrl: string, key: string) => `${publicUrl}${guestOrderPath(key)}`;

/**
 * The id of the guest's order a link's key opens: 404 for a key of no order, 410 Gone once the link
 * is older than the store's `guest_order_link_days` (decision 050), so the page can offer a fresh one.
 */
export async function openGuestOrderLink(db: Db, key: string, now: Date): Promise<number> {
  const [order] = await db.select({ id: orders.id, issuedAt: orders.guestKeyIssuedAt }).from(orders).where(eq(orders.guestKeyHash, sha256(key)));
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const lifetimeDays = await readStoreSetting(db, 'guest_order_link_days');
  if (now.getTime() - order.issuedAt!.getTime() > lifetimeDays * DAY_MS) throw new HttpError(410, GUEST_ORDER_LINK_EXPIRED_MESSAGE);
  return order.id;
}

type GuestOrderLinkRequest = z.output<typeof guestOrderLinkRequestSchema>;

interface LinkedOrder {
  orderNumber: string;
  name: string;
  shopName: string;
  locale: string;
}

/** The fresh link's mail, in the language the order was placed in. */
function freshLinkMail(to: string, order: LinkedOrder, { url, store, days }: { url: string; store: string; days: number }): Mail {
  const write = mailWriter(order.locale);
  const text = [
    write('Hello {{name}},', { name: order.name }),
    '',
    write('Here is a new link to your order #{{number}} from {{shop}}:', { number: order.orderNumber, shop: order.shopName }),
    url,
    '',
    write('The link works for {{count}} days. Earlier links to this order no longer work.', { count: days }),
    write('If you did not ask for it, you can ignore this message.'),
  ].join('\n');
  return { to, subject: write('A new link to your order #{{number}} at {{store}}', { number: order.orderNumber, store }), text };
}

/**
 * `POST /api/guest-orders/link`: when the e-mail is the guest's of the order named (by number, or by
 * the key of its expired link), the order gets a new key (the old link stops working) and the guest
 * a mail with it. The caller answers the same whether or not an order matched: nothing tells a
 * stranger which e-mails ordered here. The mail is queued with the new key in one transaction.
 */
export async function sendFreshGuestOrderLink(app: FastifyInstance, request: GuestOrderLinkRequest, ip: string): Promise<void> {
  await enforceIpRateLimit(app, 'guest-order-link', ip, LINKS_PER_IP);
  await enforceRateLimit(app.rateLimiter, `guest-order-link:email:${request.email}`, LINKS_PER_EMAIL);
  const { db } = app.database;
  const now = app.clock.now();
  const named = request.key ? eq(orders.guestKeyHash, sha256(request.key)) : eq(orders.orderNumber, request.order_number!);
  const key = newToken();
  const sent = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ guestKeyHash: sha256(key), guestKeyIssuedAt: now })
      .from(shops)
      .where(and(named, isNull(orders.userId), eq(sql`lower(${orders.guestEmail})`, request.email), eq(shops.id, orders.shopId)))
      .returning({ orderNumber: orders.orderNumber, name: sql<string>`${orders.address}->>'name'`, shopName: shops.name, locale: orders.locale });
    if (!order) return false;
    const { app_name: store, guest_order_link_days: days } = await readStoreSettings(tx);
    await app.jobs.queueMail(freshLinkMail(request.email, order, { url: guestOrderUrl(app.config.publicUrl, key), store, days }), tx);
    return true;
  });
  if (sent) app.jobs.sendQueuedMail();
}
