import type { AuditAction } from '../../../shared/audit-actions.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  RETURN_NOT_FOUND_MESSAGE,
  type ConsoleReturn,
  type ConsoleReturnPage,
  type returnReceiptSchema,
  type ReturnListQuery,
  type ReturnStatus,
} from '../../../shared/returns.contract.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orderReturnItems, orderReturns, orders, refunds, shops, users } from '../../db/schema.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { HttpError, notFound, validationFailed } from '../../platform/errors.ts';
import { afterPosition, isRecordId, keysetPage, readCursor } from '../../platform/keyset-pages.ts';
import { stockReturnedTags } from '../catalog/catalog-writes.ts';
import { moveStock } from '../inventory/inventory.service.ts';
import { returnStepMail, type ReturnMailStep } from './return-mail.ts';
import { announceReturn, mailOrderOf, presentReturns, refundsWhere, type ReturnRow } from './return-records.ts';

const inScope = (identity: ConsoleIdentity) => {
  const shopId = shopScope(identity);
  return shopId === null ? undefined : eq(orderReturns.shopId, shopId);
};

/** `GET /api/console/returns`: newest first, a keyset page at a time (a seller's people: their shop's). */
export async function listConsoleReturns(db: Db, identity: ConsoleIdentity, query: ReturnListQuery): Promise<ConsoleReturnPage> {
  const after = readCursor<[id: number]>(query.cursor, isRecordId);
  const rows = await db
    .select({
      id: orderReturns.id,
      status: orderReturns.status,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      shopId: shops.id,
      shopName: shops.name,
      customer: sql<string>`coalesce(${users.name}, ${orders.address}->>'name')`,
      quantity: sql<number>`(select coalesce(sum(${orderReturnItems.quantity}), 0)::int from ${orderReturnItems} where ${orderReturnItems.returnId} = ${orderReturns.id})`,
      createdAt: orderReturns.createdAt,
    })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .innerJoin(shops, eq(shops.id, orderReturns.shopId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(inScope(identity), query.status ? eq(orderReturns.status, query.status) : undefined, after && afterPosition('desc', [orderReturns.id], after)))
    .orderBy(desc(orderReturns.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.id]);
  return {
    returns: page.map((row) => ({
      id: row.id,
      status: row.status,
      order: { id: row.orderId, order_number: row.orderNumber },
      shop: { id: row.shopId, name: row.shopName },
      customer: row.customer,
      quantity: row.quantity,
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor,
  };
}

/** `GET /api/console/returns/{id}`: another shop's return is not found. */
export async function readConsoleReturn(db: Db, identity: ConsoleIdentity, returnId: number): Promise<ConsoleReturn> {
  const [row] = await db
    .select({
      returned: orderReturns,
      order: { id: orders.id, order_number: orders.orderNumber, payment_method: orders.paymentMethod, payment_status: orders.paymentStatus },
      shop: { id: shops.id, name: shops.name },
      customer: { name: sql<string>`coalesce(${users.name}, ${orders.address}->>'name')`, email: sql<string | null>`coalesce(${users.email}, ${orders.guestEmail})` },
    })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .innerJoin(shops, eq(shops.id, orderReturns.shopId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orderReturns.id, returnId), inScope(identity)));
  if (!row) throw notFound(RETURN_NOT_FOUND_MESSAGE);
  const [[presented], refundList] = await Promise.all([presentReturns(db, [row.returned]), refundsWhere(db, eq(refunds.returnId, returnId))]);
  return { ...presented!, order: row.order, shop: row.shop, customer: row.customer, refunds: refundList, received_at: row.returned.receivedAt?.toISOString() ?? null };
}

/** A step of a return, from the one status it may be taken from. */
interface ReturnStep {
  from: ReturnStatus;
  to: ReturnStatus;
  action: AuditAction;
  refusal: string;
  mail: ReturnMailStep;
  /** The instructions or the reason the shopper is told. */
  detail?: string;
  changes?: Partial<ReturnRow>;
  /** More of the step's work, in its transaction. */
  work?: (tx: Db, returned: ReturnRow) => Promise<void>;
}

/**
 * Takes a return one step under its row lock, with its audit row and the shopper's mail in the same
 * transaction; a return not in the step's starting status is refused (422), another shop's not found.
 * The shopper sees the step live.
 */
async function stepReturn(app: FastifyInstance, identity: ConsoleIdentity, returnId: number, step: ReturnStep, audit: AuditContext): Promise<ConsoleReturn> {
  const { db } = app.database;
  await inRetriedTransaction(db, async (tx) => {
    const [returned] = await tx.select().from(orderReturns).where(and(eq(orderReturns.id, returnId), inScope(identity))).for('update');
    if (!returned) throw notFound(RETURN_NOT_FOUND_MESSAGE);
    if (returned.status !== step.from) throw new HttpError(422, step.refusal);
    await step.work?.(tx, returned);
    const changes = { status: step.to, ...step.changes, updatedAt: audit.now };
    await tx.update(orderReturns).set(changes).where(eq(orderReturns.id, returnId));
    const { instructions, rejectionReason } = { ...returned, ...changes };
    await recordAudit(tx, audit, {
      action: step.action,
      entityType: 'return',
      entityId: returnId,
      shopId: returned.shopId,
      before: { status: returned.status, instructions: returned.instructions, rejection_reason: returned.rejectionReason },
      after: { status: step.to, instructions, rejection_reason: rejectionReason },
    });
    const mail = returnStepMail({ order: await mailOrderOf(tx, returned.orderId), step: step.mail, locale: returned.locale, detail: step.detail, publicUrl: app.config.publicUrl });
    if (mail) await app.jobs.queueMail(mail, tx);
  });
  app.jobs.sendQueuedMail();
  await announceReturn(app, returnId, app.log);
  return readConsoleReturn(db, identity, returnId);
}

/** `POST /api/console/returns/{id}/approve`: the shopper is mailed how to send the items back. */
export const approveReturn = (app: FastifyInstance, identity: ConsoleIdentity, returnId: number, instructions: string, audit: AuditContext) =>
  stepReturn(app, identity, returnId, { from: 'requested', to: 'approved', action: 'return.approve', refusal: 'Only a requested return can be approved.', mail: 'approved', detail: instructions, changes: { instructions } }, audit);

/** `POST /api/console/returns/{id}/reject`: the shopper is mailed the reason; the units may be asked back again. */
export const rejectReturn = (app: FastifyInstance, identity: ConsoleIdentity, returnId: number, reason: string, audit: AuditContext) =>
  stepReturn(app, identity, returnId, { from: 'requested', to: 'rejected', action: 'return.reject', refusal: 'Only a requested return can be rejected.', mail: 'rejected', detail: reason, changes: { rejectionReason: reason } }, audit);

/**
 * `POST /api/console/returns/{id}/receive`: every line of the return named once, each put back on
 * the shelf (a stock-ledger entry, reason `refund`, referencing the order) or not.
 */
export async function receiveReturn(app: FastifyInstance, identity: ConsoleIdentity, returnId: number, input: z.infer<typeof returnReceiptSchema>, audit: AuditContext) {
  const restockedProducts: number[] = [];
  const answer = await stepReturn(
    app,
    identity,
    returnId,
    {
      from: 'approved',
      to: 'received',
      action: 'return.receive',
      refusal: 'Only an approved return can be marked received.',
      mail: 'received',
      changes: { receivedAt: audit.now },
      work: async (tx, returned) => {
        const lines = await tx
          .select({ id: orderReturnItems.id, orderItemId: orderReturnItems.orderItemId, quantity: orderReturnItems.quantity, variantId: orderItems.variantId, productId: orderItems.productId })
          .from(orderReturnItems)
          .innerJoin(orderItems, eq(orderItems.id, orderReturnItems.orderItemId))
          .where(eq(orderReturnItems.returnId, returned.id));
        const named = new Map(input.lines.map((line) => [line.order_item_id, line.restock]));
        if (named.size !== input.lines.length || named.size !== lines.length || lines.some((line) => !named.has(line.orderItemId))) {
          throw validationFailed({ lines: ['Say for each item of the return whether it goes back to stock.'] });
        }
        for (const line of lines) await tx.update(orderReturnItems).set({ restocked: named.get(line.orderItemId)! }).where(eq(orderReturnItems.id, line.id));
        const restocked = lines.filter((line) => named.get(line.orderItemId));
        await moveStock(
          tx,
          restocked.map((line) => ({ variantId: line.variantId, change: line.quantity, reference: String(returned.orderId) })),
          { reason: 'refund', actorId: audit.actorUserId, now: audit.now },
        );
        restockedProducts.push(...restocked.map((line) => line.productId));
      },
    },
    audit,
  );
  if (restockedProducts.length > 0) app.caches.invalidate(stockReturnedTags(restockedProducts));
  return answer;
}
