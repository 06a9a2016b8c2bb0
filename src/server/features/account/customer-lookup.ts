import { and, desc, eq, exists, isNotNull, isNull, like, not, or, sql } from 'drizzle-orm';
import type { ConsoleCustomerPage, CustomerLookupQuery } from '../../../shared/orders-console.contract.ts';
import type { Db } from '../../db/client.ts';
import { consoleMembers, orders, users } from '../../db/schema.ts';
import { afterPosition, isRecordId, keysetPage, likeEscaped, readCursor } from '../../platform/keyset-pages.ts';

/**
 * The start of an e-mail, a phone number (digits) or a name, each on its prefix index; the `or` of
 * the three is a bitmap of three index scans.
 */
function searchCondition(search: string) {
  const prefix = `${likeEscaped(search.toLowerCase())}%`;
  const digits = search.replace(/[\s()+-]/g, '');
  return or(like(users.email, prefix), like(sql`lower(${users.name})`, prefix), /^\d+$/.test(digits) ? like(users.phone, `${likeEscaped(digits)}%`) : undefined);
}

/**
 * The filters: shoppers, or with `staff` the console's members (on their primary key); blocked or not
 * (the blocked few on their partial index), ordered or not (on the orders' user index).
 */
function filterConditions(db: Db, query: CustomerLookupQuery) {
  const ordered = exists(db.select({ one: sql`1` }).from(orders).where(eq(orders.userId, users.id)));
  const member = exists(db.select({ one: sql`1` }).from(consoleMembers).where(eq(consoleMembers.userId, users.id)));
  return [
    query.staff ? member : not(member),
    query.blocked === undefined ? undefined : query.blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt),
    query.has_ordered === undefined ? undefined : query.has_ordered ? ordered : not(ordered),
  ];
}

/** `GET /api/console/customers`: accounts newest first, a keyset page (by id) at a time. */
export async function lookUpCustomers(db: Db, query: CustomerLookupQuery): Promise<ConsoleCustomerPage> {
  const after = readCursor<[id: number]>(query.cursor, isRecordId);
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone, createdAt: users.createdAt, blockedAt: users.blockedAt })
    .from(users)
    .where(and(query.search ? searchCondition(query.search) : undefined, ...filterConditions(db, query), after && afterPosition('desc', [users.id], after)))
    .orderBy(desc(users.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.id]);
  return {
    customers: page.map((row) => ({ id: row.id, name: row.name, email: row.email, phone: row.phone, created_at: row.createdAt.toISOString(), is_blocked: row.blockedAt !== null })),
    next_cursor,
  };
}
