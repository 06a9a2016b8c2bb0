import { isDeepStrictEqual } from 'node:util';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditEntityType } from '../../shared/audit-actions.ts';
import type { ConsoleRole } from '../../shared/console.contract.ts';
import type { Db } from '../db/client.ts';
import { auditLog, type AuditChanges } from '../db/schema.ts';
import { consoleIdentity } from './console-access.ts';

/** Who writes and from where: taken once per request. */
export interface AuditContext {
  actorUserId: number;
  actorRole: ConsoleRole;
  clientAddress: string | null;
  requestId: string | null;
  now: Date;
  /** Writes nobody did (the demo store's seed): no audit row is kept. */
  unlogged?: true;
}

export interface AuditEntryInput {
  /** `<entity>.<verb>`, registered in shared/audit-actions.ts: `staff_invitation.send`, `product.update`. */
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | number;
  /** The shop whose data it is; null for the store's own. */
  shopId: number | null;
  /** The record's fields before the write (null: it did not exist) and after (null: it is gone). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Fields never kept, whatever the write: secrets, what can be turned into one, and one-time codes.
 * A bare `code` is kept: it names things people look for in the log (a voucher's, a colour's), and so
 * are settings about codes (`register_otp_verify`, `forgot_otp_type`).
 */
const SECRET_FIELD = /password|token|hash|secret|(^|_)otp($|_?code)|(verification|reset|one_?time|sign_?in|login)_?code/i;

export function auditContext(request: FastifyRequest): AuditContext {
  const identity = consoleIdentity(request);
  return { actorUserId: identity.userId, actorRole: identity.role, clientAddress: request.ip ?? null, requestId: request.id, now: request.server.clock.now() };
}

/**
 * The demo store's seed, which writes its content through the console's services: no audit row,
 * so a new store's audit log starts with its people's first changes, not dozens of seeded ones.
 */
export const seedAuditContext = (now: Date): AuditContext => ({ actorUserId: 0, actorRole: 'owner', clientAddress: null, requestId: null, now, unlogged: true });

/** Who writes through the operations API (`/api/admin`): its admin is the store's owner (decision 027). */
export function operationsAuditContext(request: FastifyRequest, actorUserId: number): AuditContext {
  return { actorUserId, actorRole: 'owner', clientAddress: request.ip ?? null, requestId: request.id, now: request.server.clock.now() };
}

/** A value as it is stored in JSON (dates as text), so equal values compare equal. */
const asStored = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** Each field whose value differs between `before` and `after`, with both values; secret fields are left out. */
export function auditChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (SECRET_FIELD.test(field)) continue;
    const was = asStored(before?.[field]);
    const is = asStored(after?.[field]);
    if (isDeepStrictEqual(was, is)) continue;
    changes[field] = { ...(was !== undefined && { before: was }), ...(is !== undefined && { after: is }) };
  }
  return changes;
}

/** Writes the audit row of a console write, in the write's own transaction: both are kept, or neither. */
export async function recordAudit(tx: Db, context: AuditContext, entry: AuditEntryInput): Promise<void> {
  if (context.unlogged) return;
  await tx.insert(auditLog).values({
    createdAt: context.now,
    actorUserId: context.actorUserId,
    actorRole: context.actorRole,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    shopId: entry.shopId,
    changes: auditChanges(entry.before, entry.after),
    clientAddress: context.clientAddress,
    requestId: context.requestId,
  });
}
