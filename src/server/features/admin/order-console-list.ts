import { and, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { TAB_COUNT_EXACT_BELOW } from '../../../shared/list-pages.ts';
import { toAmount } from '../../../shared/money.ts';
import { collectedPaymentStatuses, orderStatuses, paymentStatuses } from '../../../shared/order-statuses.ts';
import { type ConsoleOrderPage, type OrderConsoleListQuery, type OrderStatusCounts } from '../../../shared/orders-console.contract.ts';
import type { Db } from '../../db/client.ts';
import { orders, shops, users } from '../../db/schema.ts';
import { shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { afterPosition, cappedCountsOf, isRecordId, isTimeKey, keysetPage, likeEscaped, microsecondKey, readCursor } from '../../platform/keyset-pages.ts';

const DAY_MS = 86_400_000;

/**
 * Up to this many customers a search names are looked up by id, each one's orders from
 * `orders_user_created_idx`; a search naming more is left to the newest-first walk, which their
 * many orders soon fill a page of (decision 035).
 */
const FEW_CUSTOMERS = 200;

/** The customers a search names: their ids when few, else the condition to walk the list with. */
async function customersNamed(db: Db, condition: SQL): Promise<number[] | SQL> {
  const found = await db.select({ id: users.id }).from(users).where(condition).limit(FEW_CUSTOMERS + 1);
  return found.length > FEW_CUSTOMERS ? sql`(${db.select({ id: users.id }).from(users).where(condition)})` : found.map((row) => row.id);
}

/**
 * An order number is matched exactly (its unique index); digits are the start of a customer's phone
 * number, anything else the start of their e-mail, an account's or a guest's (the accounts' and the
 * guests' prefix indexes). A customer lookup is a union of its two index lookups: as an `or`, the
 * planner would walk the whole list testing every order.
 */
async function searchCondition(db: Db, search: string): Promise<SQL> {
  if (/^os\d+$/i.test(search)) return eq(orders.orderNumber, search.toUpperCase());
  const digits = search.replace(/[\s()+-]/g, '');
  const phone = `${likeEscaped(digits)}%`;
  if (/^\d+$/.test(digits)) return ordersOfAccountsOrGuests(await customersNamed(db, like(users.phone, phone)), sql`${orders.address} ->> 'phone' like ${phone}`);
  const email = `${likeEscaped(search.toLowerCase())}%`;
  return ordersOfAccountsOrGuests(await customersNamed(db, like(users.email, email)), like(orders.guestEmail, email));
}

/** The orders of the accounts named, and the guests' orders `guest` picks. */
const ordersOfAccountsOrGuests = (accounts: number[] | SQL, guest: SQL) =>
  inArray(
    orders.id,
    sql`(select ${orders.id} from ${orders} where ${inArray(orders.userId, accounts)}
         union all select ${orders.id} from ${orders} where ${orders.userId} is null and ${guest})`,
  );

/** Every payment status but the collected ones, named so that the payment index takes it as a condition. */
const unpaidStatuses = paymentStatuses.filter((status) => !(collectedPaymentStatuses as readonly string[]).includes(status));

const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** Every filter but the status (the tabs count each status under the others). */
async function filtersOf(db: Db, identity: ConsoleIdentity, query: OrderConsoleListQuery): Promise<SQL[]> {
  // A seller's people see their own shop whatever shop they name.
  const shopId = shopScope(identity) ?? query.shop_id;
  const conditions: Array<SQL | undefined> = [
    shopId === undefined ? undefined : eq(orders.shopId, shopId),
    query.date_from === undefined ? undefined : sql`${orders.createdAt} >= ${startOfDay(query.date_from).toISOString()}::timestamptz`,
    query.date_to === undefined ? undefined : sql`${orders.createdAt} < ${new Date(startOfDay(query.date_to).getTime() + DAY_MS).toISOString()}::timestamptz`,
    query.payment_method === undefined ? undefined : eq(orders.paymentMethod, query.payment_method),
    query.payment_state === undefined ? undefined : query.payment_state === 'paid' ? inArray(orders.paymentStatus, [...collectedPaymentStatuses]) : inArray(orders.paymentStatus, unpaidStatuses),
    query.customer_id === undefined ? undefined : eq(orders.userId, query.customer_id),
    query.search ? await searchCondition(db, query.search) : undefined,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** Each status's orders under the other filters, exact below `TAB_COUNT_EXACT_BELOW`. */
const statusCounts = (db: Db, filters: SQL[]): Promise<OrderStatusCounts> =>
  cappedCountsOf(db, orderStatuses, (status) => db.select({ one: sql`1` }).from(orders).where(and(...filters, eq(orders.status, status))), TAB_COUNT_EXACT_BELOW);

const createdKey = microsecondKey(orders.createdAt);

/**
 * `GET /api/console/orders`: newest first, one keyset page at a time on `(created_at, id)` (the
 * created, status, shop and shop-status indexes, decision 035), with the status tabs' counts. A
 * seller's people see their own shop's orders only.
 */
export async function listConsoleOrders(db: Db, identity: ConsoleIdentity, query: OrderConsoleListQuery): Promise<ConsoleOrderPage> {
  const filters = await filtersOf(db, identity, query);
  // Where a page ended: its last order's `created_at` to the microsecond and its id.
  const after = readCursor<[createdAt: string, id: number]>(query.cursor, isTimeKey, isRecordId);
  const counts = await statusCounts(db, filters);
  // Nothing matches: the page would walk the whole list looking for a row (a rare filter pair).
  const none = (query.status === undefined ? orderStatuses : [query.status]).every((status) => counts[status] === 0);
  const rows = none ? [] : await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      payableAmount: orders.payableAmount,
      shopId: orders.shopId,
      shopName: shops.name,
      userId: orders.userId,
      // A guest's order has no account: the name, e-mail and phone are the ones given at checkout.
      customerName: sql<string>`coalesce(${users.name}, ${orders.address}->>'name')`,
      customerEmail: sql<string | null>`coalesce(${users.email}, ${orders.guestEmail})`,
      customerPhone: sql<string | null>`coalesce(${users.phone}, ${orders.address}->>'phone')`,
      createdAt: orders.createdAt,
      createdKey,
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        ...filters,
        query.status === undefined ? undefined : eq(orders.status, query.status),
        after && afterPosition('desc', [orders.createdAt, orders.id], [sql`${after[0]}::timestamptz`, after[1]]),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.createdKey, row.id]);
  return {
    orders: page.map((row) => ({
      id: row.id,
      order_number: row.orderNumber,
      status: row.status,
      payment_method: row.paymentMethod,
      payment_status: row.paymentStatus,
      payable_amount: toAmount(row.payableAmount),
      shop: { id: row.shopId, name: row.shopName },
      customer: { id: row.userId, name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor,
    counts,
  };
}
