import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ReturnStatus } from '../../shared/returns.contract.ts';
import type { Db } from '../db/client.ts';
import { orderItems, orderReturnItems, orderReturns, orders, orderStatusHistory } from '../db/schema.ts';
import { addShoppers } from './order-fixtures.ts';
import { placeCashOrder } from './staff-fixtures.ts';

/** Test helpers for returns and refunds (decision 039). */

/** The order was delivered (and, cash on delivery, paid) at `at`, as its history says. */
export async function deliver(db: Db, orderId: number, at: Date) {
  await db.update(orders).set({ status: 'delivered', paymentStatus: 'paid' }).where(eq(orders.id, orderId));
  await db.insert(orderStatusHistory).values({ orderId, status: 'delivered', createdAt: at });
}

/** A new shopper's cash order of `quantity` units (10.00 each, unless the product says otherwise) from the shop, delivered and paid at `deliveredAt`. */
export async function deliveredOrder(app: FastifyInstance, { quantity = 3, shopId, deliveredAt = app.clock.now() }: { quantity?: number; shopId?: number; deliveredAt?: Date } = {}) {
  const { db } = app.database;
  const [shopper] = await addShoppers(db, 1);
  const placed = await placeCashOrder(app, shopper!.authorization, { shopId, quantity });
  await deliver(db, placed.id, deliveredAt);
  const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
  const [order] = await db.select().from(orders).where(eq(orders.id, placed.id));
  return { ...placed, order: order!, shopper: shopper!, line: line! };
}

/** A return in `status` of one unit of a delivered, paid order of the shop (a guest's; no mails). */
export async function addStoredReturn(app: FastifyInstance, shopId: number, status: ReturnStatus = 'requested') {
  const { db } = app.database;
  const delivered = await deliveredOrder(app, { quantity: 2, shopId });
  const [created] = await db.insert(orderReturns).values({ orderId: delivered.id, shopId, status, reason: 'Too small', locale: 'en' }).returning({ id: orderReturns.id });
  await db.insert(orderReturnItems).values({ returnId: created!.id, orderItemId: delivered.line.id, quantity: 1 });
  return { id: created!.id, orderId: delivered.id, orderItemId: delivered.line.id };
}

/** The mails the outbox holds for an address, oldest first by name. */
export function mailsTo(dataDir: string, address: string) {
  const outbox = path.join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === address);
}
