import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditLogPage, AuditLogQuery } from '../../../shared/console.contract.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import { shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { afterPosition, isRecordId, isTimeKey, keysetPage, microsecondKey, readCursor } from '../../platform/keyset-pages.ts';

const createdKey = microsecondKey(auditLog.createdAt);

/**
 * `GET /api/console/audit-log`: newest first, one page at a time by (created_at, id) — each filter
 * has an index in that order, so a page costs the same on the millionth row as on the first. A
 * seller's people see their own shop's rows only.
 */
export async function listAuditLog(db: Db, identity: ConsoleIdentity, query: AuditLogQuery): Promise<AuditLogPage> {
  const shopId = shopScope(identity);
  const after = readCursor<[createdAt: string, id: number]>(query.cursor, isTimeKey, isRecordId);
  const conditions: Array<SQL | undefined> = [
    shopId === null ? undefined : eq(auditLog.shopId, shopId),
    query.entity_type === undefined ? undefined : eq(auditLog.entityType, query.entity_type),
    query.entity_id === undefined ? undefined : eq(auditLog.entityId, query.entity_id),
    query.action === undefined ? undefined : eq(auditLog.action, query.action),
    query.actor_id === undefined ? undefined : eq(auditLog.actorUserId, query.actor_id),
    query.from === undefined ? undefined : gte(auditLog.createdAt, new Date(query.from)),
    query.to === undefined ? undefined : lt(auditLog.createdAt, new Date(query.to)),
    after && afterPosition('desc', [auditLog.createdAt, auditLog.id], [sql`${after[0]}::timestamptz`, after[1]]),
  ];
  const rows = await db
    .select({ entry: auditLog, actorName: users.name, createdKey })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  // The last entry's time to the microsecond (a JavaScript date keeps milliseconds), so the next page starts exactly after it.
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.createdKey, row.entry.id]);
  return {
    entries: page.map(({ entry, actorName }) => ({
      id: entry.id,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      shop_id: entry.shopId,
      actor: { id: entry.actorUserId, name: actorName, role: entry.actorRole },
      changes: entry.changes,
      client_address: entry.clientAddress,
      request_id: entry.requestId,
      created_at: entry.createdAt.toISOString(),
    })),
    next_cursor,
  };
}
