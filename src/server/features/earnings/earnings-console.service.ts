import { and, asc, desc, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, shopLedgerEntries, shops } from '../../db/schema.ts';
import type { EarningsAnswer, EarningsOverviewAnswer, EarningsOverviewQuery, EarningsQuery, ShopEarningsFigures } from '../../../shared/earnings.contract.ts';
import { toAmount } from '../../../shared/money.ts';
import { shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { validationFailed } from '../../platform/errors.ts';
import { afterPosition, isRecordId, keysetPage, readCursor } from '../../platform/keyset-pages.ts';
import { shopBalance } from './shop-ledger.ts';

/** The shop whose ledger is read: a seller's own; the store's staff name one. */
export async function ledgerShop(db: Db, identity: ConsoleIdentity, requested: number | undefined): Promise<{ id: number; name: string }> {
  const id = shopScope(identity) ?? requested;
  if (id === undefined) throw validationFailed({ shop_id: ['The shop id field is required.'] });
  const [shop] = await db.select({ id: shops.id, name: shops.name }).from(shops).where(eq(shops.id, id));
  if (!shop) throw validationFailed({ shop_id: ['The selected shop id is invalid.'] });
  return shop;
}

/** `GET /api/console/earnings`: the shop's balances and a keyset page of its ledger, newest first. */
export async function readEarnings(db: Db, identity: ConsoleIdentity, query: EarningsQuery): Promise<EarningsAnswer> {
  const shop = await ledgerShop(db, identity, query.shop_id);
  const shopId = shop.id;
  const after = readCursor<[number]>(query.cursor, isRecordId);
  const rows = await db
    .select({ entry: shopLedgerEntries, orderNumber: orders.orderNumber })
    .from(shopLedgerEntries)
    .leftJoin(orders, eq(orders.id, shopLedgerEntries.orderId))
    .where(and(eq(shopLedgerEntries.shopId, shopId), after && afterPosition('desc', [shopLedgerEntries.id], after)))
    .orderBy(desc(shopLedgerEntries.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.entry.id]);
  const balance = await shopBalance(db, shopId);
  return {
    shop_id: shopId,
    shop_name: shop.name,
    balance: { available: toAmount(balance.available), pending: toAmount(balance.pending) },
    entries: page.map(({ entry, orderNumber }) => ({
      id: entry.id,
      kind: entry.kind,
      amount: toAmount(entry.amount),
      status: entry.status,
      available_at: entry.availableAt.toISOString(),
      created_at: entry.createdAt.toISOString(),
      order: entry.orderId !== null && orderNumber !== null ? { id: entry.orderId, order_number: orderNumber } : null,
      refund_id: entry.refundId,
      withdrawal_id: entry.withdrawalId,
    })),
    next_cursor,
  };
}

const isName = (value: unknown): value is string => typeof value === 'string';

/** A sum of minor units as a number (0 when nothing is summed). */
const summed = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(${expression}, 0)`.mapWith(Number);

/** The commission on the lines of delivered orders (those a ledger credited), in minor units; `where` narrows it to a shop's. */
const deliveredCommission = (where: ReturnType<typeof sql> = sql``) =>
  summed(sql`(select sum(${orderItems.commission}) from ${orderItems} join ${shopLedgerEntries} on ${shopLedgerEntries.orderId} = ${orderItems.orderId} and ${shopLedgerEntries.kind} = 'order_earning' ${where})`);

const figures = (minor: { commission: number; pending: number; available: number }): ShopEarningsFigures => ({
  commission: toAmount(minor.commission),
  pending: toAmount(minor.pending),
  available: toAmount(minor.available),
});

/**
 * `GET /api/console/earnings/shops`: each shop with ledger entries, by name, with the commission the
 * store earned on its delivered orders and its pending and available balances; and the totals over
 * every shop. All summed from the ledger and the orders' lines (decision 052), nothing stored.
 */
export async function readEarningsOverview(db: Db, query: EarningsOverviewQuery): Promise<EarningsOverviewAnswer> {
  const after = readCursor<[string, number]>(query.cursor, isName, isRecordId);
  const ledgerOf = (status: 'pending' | 'available') =>
    summed(sql`(select sum(${shopLedgerEntries.amount}) from ${shopLedgerEntries} where ${shopLedgerEntries.shopId} = ${shops.id} and ${shopLedgerEntries.status} = ${status})`);
  const rows = await db
    .select({ id: shops.id, name: shops.name, commission: deliveredCommission(sql`where ${shopLedgerEntries.shopId} = ${shops.id}`), pending: ledgerOf('pending'), available: ledgerOf('available') })
    .from(shops)
    .where(
      and(
        exists(db.select({ one: sql`1` }).from(shopLedgerEntries).where(eq(shopLedgerEntries.shopId, shops.id))),
        after && afterPosition('asc', [shops.name, shops.id], after),
      ),
    )
    .orderBy(asc(shops.name), asc(shops.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.name, row.id]);
  const [totals] = await db
    .select({
      commission: deliveredCommission(),
      pending: summed(sql`sum(${shopLedgerEntries.amount}) filter (where ${shopLedgerEntries.status} = 'pending')`),
      available: summed(sql`sum(${shopLedgerEntries.amount}) filter (where ${shopLedgerEntries.status} = 'available')`),
    })
    .from(shopLedgerEntries);
  return {
    shops: page.map((row) => ({ shop: { id: row.id, name: row.name }, ...figures(row) })),
    totals: figures(totals!),
    next_cursor,
  };
}
