import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ShopStatus } from '../../../shared/console.contract.ts';
import type { Locale } from '../../../shared/constants.ts';
import { toBasisPoints, toPercent } from '../../../shared/money.ts';
import type { ShopApplication, ShopApplicationPage, ShopApplicationQuery } from '../../../shared/shops.contract.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { consoleMembers, shops, users } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { afterPosition, isRecordId, keysetPage, readCursor } from '../../platform/keyset-pages.ts';
import { readStoreSettings } from '../settings/settings.service.ts';
import { shopStatusMail } from './shop-mail.ts';
import { applyShopVisibility, auditedShop, invalidateShopVisibility, presentShop, SHOP_NOT_FOUND_MESSAGE, type ShopRow } from './shop-status.ts';

const ownerColumns = { ownerId: users.id, ownerName: users.name, ownerEmail: users.email, ownerLocale: users.locale };

const selectWithOwner = (db: Db) =>
  db
    .select({ shop: shops, ...ownerColumns })
    .from(shops)
    .leftJoin(consoleMembers, and(eq(consoleMembers.shopId, shops.id), eq(consoleMembers.role, 'shop_owner')))
    .leftJoin(users, eq(users.id, consoleMembers.userId));

type RowWithOwner = { shop: ShopRow; ownerId: number | null; ownerName: string | null; ownerEmail: string | null; ownerLocale: Locale | null };

const presentApplication = ({ shop, ownerId, ownerName, ownerEmail }: RowWithOwner): ShopApplication => ({
  ...presentShop(shop),
  owner: ownerId === null ? null : { id: ownerId, name: ownerName!, email: ownerEmail },
  commission_rate: shop.commissionRate === null ? null : toPercent(shop.commissionRate),
});

/**
 * `GET /api/console/shop-applications`: the shops in one status, oldest first (ids follow the
 * order shops were made in), one page at a time by id on the `shops_status_idx` index.
 */
export async function listShopApplications(db: Db, query: ShopApplicationQuery): Promise<ShopApplicationPage> {
  const after = readCursor<[id: number]>(query.cursor, isRecordId);
  const rows = await selectWithOwner(db)
    .where(and(eq(shops.status, query.status), after && afterPosition('asc', [shops.id], after)))
    .orderBy(asc(shops.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.shop.id]);
  return { shops: page.map(presentApplication), next_cursor };
}

export type ShopDecision = { action: 'approve' } | { action: 'reinstate' } | { action: 'reject'; reason: string } | { action: 'suspend'; reason: string };

/** Each decision: the statuses it may start from and the status it leaves. */
const transitions: Record<ShopDecision['action'], { from: ShopStatus; to: ShopStatus; refusal: string }> = {
  approve: { from: 'pending', to: 'approved', refusal: 'Only a shop waiting for approval can be approved.' },
  reject: { from: 'pending', to: 'rejected', refusal: 'Only a shop waiting for approval can be rejected.' },
  suspend: { from: 'approved', to: 'suspended', refusal: 'Only an approved shop can be suspended.' },
  reinstate: { from: 'suspended', to: 'approved', refusal: 'Only a suspended shop can be reinstated.' },
};

const news = (decision: ShopDecision) => {
  if (decision.action === 'reject') return { kind: 'rejected', reason: decision.reason } as const;
  if (decision.action === 'suspend') return { kind: 'suspended', reason: decision.reason } as const;
  return { kind: decision.action === 'approve' ? 'approved' : 'reinstated' } as const;
};

/**
 * `POST /api/console/shops/{id}/approve|reject|suspend|reinstate`: one legal step under the shop's
 * row lock, with its products' visibility, the audit row and the owner's mail in one transaction;
 * then the cached pages that show the shop are dropped.
 */
export async function decideShop(app: FastifyInstance, shopId: number, decision: ShopDecision, context: AuditContext): Promise<ShopApplication> {
  const { from, to, refusal } = transitions[decision.action];
  const reason = 'reason' in decision ? decision.reason : null;
  const changedProducts = await inRetriedTransaction(app.database.db, async (tx) => {
    const [row] = await selectWithOwner(tx).where(eq(shops.id, shopId)).for('update', { of: shops });
    if (!row) throw notFound(SHOP_NOT_FOUND_MESSAGE);
    if (row.shop.status !== from) throw new HttpError(422, refusal);
    const [after] = await tx.update(shops).set({ status: to, statusReason: reason }).where(eq(shops.id, shopId)).returning();
    const productIds = await applyShopVisibility(tx, shopId, to);
    await recordAudit(tx, context, { action: `shop.${decision.action}`, entityType: 'shop', entityId: shopId, shopId, before: auditedShop(row.shop), after: auditedShop(after!) });
    const mail = row.ownerId === null ? null : shopStatusMail(app, { name: row.ownerName!, email: row.ownerEmail, locale: row.ownerLocale }, row.shop.name, await readStoreSettings(tx), news(decision));
    if (mail) await app.jobs.queueMail(mail, tx);
    return productIds;
  });
  app.jobs.sendQueuedMail();
  invalidateShopVisibility(app, shopId, changedProducts);
  const [row] = await selectWithOwner(app.database.db).where(eq(shops.id, shopId));
  return presentApplication(row!);
}

/**
 * `PUT /api/console/shops/{id}/commission`: the shop's own commission rate (percent; null clears it), under
 * the shop's row lock with its audit row (basis points, as kept). Orders already placed keep their lines' rates.
 */
export async function setShopCommission(db: Db, shopId: number, percent: number | null, context: AuditContext): Promise<ShopApplication> {
  const commissionRate = percent === null ? null : toBasisPoints(percent);
  await inRetriedTransaction(db, async (tx) => {
    const [current] = await tx.select({ commissionRate: shops.commissionRate }).from(shops).where(eq(shops.id, shopId)).for('update');
    if (!current) throw notFound(SHOP_NOT_FOUND_MESSAGE);
    if (current.commissionRate === commissionRate) return;
    await tx.update(shops).set({ commissionRate }).where(eq(shops.id, shopId));
    await recordAudit(tx, context, { action: 'shop.set_commission', entityType: 'shop', entityId: shopId, shopId, before: { commission_rate: current.commissionRate }, after: { commission_rate: commissionRate } });
  });
  const [row] = await selectWithOwner(db).where(eq(shops.id, shopId));
  return presentApplication(row!);
}
