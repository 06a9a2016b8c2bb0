import { and, desc, eq, gt, lte, not, sql } from 'drizzle-orm';
import {
  CODE_TAKEN,
  totalLimitBelowUsed,
  voucherTermsErrors,
  type ConsoleVoucher,
  type ConsoleVoucherPage,
  type VoucherConsoleListQuery,
  type VoucherCreate,
  type VoucherStatus,
  type VoucherUpdate,
} from '../../../shared/vouchers-console.contract.ts';
import { toAmount, toMinor } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { shops, vouchers } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { shopForNewRecord, shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { refusingTaken } from '../../platform/database-errors.ts';
import { notFound, validationFailed, type FieldErrors } from '../../platform/errors.ts';
import { afterPosition, isRecordId, keysetPage, likeEscaped, readCursor } from '../../platform/keyset-pages.ts';

export const VOUCHER_NOT_FOUND_MESSAGE = 'Voucher not found';

type VoucherRow = typeof vouchers.$inferSelect;

function statusOf(voucher: VoucherRow, now: Date): VoucherStatus {
  if (!voucher.isActive) return 'inactive';
  if (voucher.startsAt > now) return 'scheduled';
  return voucher.expiresAt > now ? 'active' : 'expired';
}

/** The status as a filter; it agrees with `statusOf`. */
function statusFilter(status: VoucherStatus, now: Date) {
  switch (status) {
    case 'inactive':
      return not(vouchers.isActive);
    case 'scheduled':
      return and(eq(vouchers.isActive, true), gt(vouchers.startsAt, now));
    case 'expired':
      return and(eq(vouchers.isActive, true), lte(vouchers.expiresAt, now));
    case 'active':
      return and(eq(vouchers.isActive, true), lte(vouchers.startsAt, now), gt(vouchers.expiresAt, now));
  }
}

function presentVoucher(voucher: VoucherRow, shopName: string, now: Date): ConsoleVoucher {
  const percentage = voucher.discountType === 'percentage';
  return {
    id: voucher.id,
    code: voucher.code,
    shop: { id: voucher.shopId, name: shopName },
    discount_type: voucher.discountType,
    discount: percentage ? voucher.discount : toAmount(voucher.discount),
    min_order_amount: toAmount(voucher.minOrderAmount),
    max_discount_amount: voucher.maxDiscountAmount === null ? null : toAmount(voucher.maxDiscountAmount),
    total_limit: voucher.totalLimit,
    limit_for_user: voucher.limitForUser,
    used_count: voucher.usedCount,
    starts_at: voucher.startsAt.toISOString(),
    expires_at: voucher.expiresAt.toISOString(),
    is_active: voucher.isActive,
    status: statusOf(voucher, now),
    created_at: voucher.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a voucher: its terms as stored (minor units), not the status that changes with the clock. */
const audited = ({ id: _id, createdAt: _createdAt, usedCount: _usedCount, ...terms }: VoucherRow) => terms;

const selectWithShop = (db: Db) => db.select({ voucher: vouchers, shopName: shops.name }).from(vouchers).innerJoin(shops, eq(shops.id, vouchers.shopId));

/**
 * `GET /api/console/vouchers`: newest first, a keyset page at a time on the id. A seller's people see
 * their own shop's; the store's staff every shop's, or one shop's with `shop_id`.
 */
export async function listConsoleVouchers(db: Db, identity: ConsoleIdentity, query: VoucherConsoleListQuery, now: Date): Promise<ConsoleVoucherPage> {
  const shopId = shopScope(identity) ?? query.shop_id;
  const after = readCursor<[id: number]>(query.cursor, isRecordId);
  const rows = await selectWithShop(db)
    .where(
      and(
        shopId === undefined ? undefined : eq(vouchers.shopId, shopId),
        query.status === undefined ? undefined : statusFilter(query.status, now),
        query.search ? sql`${vouchers.code} like ${`${likeEscaped(query.search.toUpperCase())}%`}` : undefined,
        after && afterPosition('desc', [vouchers.id], after),
      ),
    )
    .orderBy(desc(vouchers.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.voucher.id]);
  return {
    vouchers: page.map(({ voucher, shopName }) => presentVoucher(voucher, shopName, now)),
    next_cursor,
  };
}

/** The voucher in the identity's scope (another shop's is not found), its row locked until the transaction ends when asked. */
async function voucherInScope(db: Db, identity: ConsoleIdentity, voucherId: number, { lock = false } = {}) {
  const ownShop = shopScope(identity);
  const query = selectWithShop(db)
    .where(and(eq(vouchers.id, voucherId), ownShop === null ? undefined : eq(vouchers.shopId, ownShop)))
    .$dynamic();
  const [found] = await (lock ? query.for('update', { of: vouchers }) : query);
  if (!found) throw notFound(VOUCHER_NOT_FOUND_MESSAGE);
  return found;
}

export async function readConsoleVoucher(db: Db, identity: ConsoleIdentity, voucherId: number, now: Date): Promise<ConsoleVoucher> {
  const { voucher, shopName } = await voucherInScope(db, identity, voucherId);
  return presentVoucher(voucher, shopName, now);
}

const storedDiscount = (type: VoucherCreate['discount_type'], discount: number) => (type === 'percentage' ? discount : toMinor(discount));

/** The database settles two writes taking one code at once. */
const refusingTakenCode = <Result>(work: () => Promise<Result>) =>
  refusingTaken(work, (constraint): FieldErrors | undefined => (constraint === 'vouchers_code_unique' ? { code: [CODE_TAKEN] } : undefined));

/** `POST /api/console/vouchers`: the voucher and its audit row, in one transaction. */
export async function createVoucher(db: Db, identity: ConsoleIdentity, input: VoucherCreate, context: AuditContext): Promise<ConsoleVoucher> {
  const voucherId = await refusingTakenCode(() =>
    inRetriedTransaction(db, async (tx) => {
      const shopId = await shopForNewRecord(tx, shopScope(identity), input.shop_id);
      const [created] = await tx
        .insert(vouchers)
        .values({
          shopId,
          code: input.code,
          discountType: input.discount_type,
          discount: storedDiscount(input.discount_type, input.discount),
          minOrderAmount: toMinor(input.min_order_amount),
          maxDiscountAmount: input.max_discount_amount === null ? null : toMinor(input.max_discount_amount),
          totalLimit: input.total_limit,
          limitForUser: input.limit_for_user,
          startsAt: new Date(input.starts_at),
          expiresAt: new Date(input.expires_at),
          createdAt: context.now,
        })
        .returning();
      await recordAudit(tx, context, { action: 'voucher.create', entityType: 'voucher', entityId: created!.id, shopId, before: null, after: audited(created!) });
      return created!.id;
    }),
  );
  return readConsoleVoucher(db, identity, voucherId, context.now);
}

/**
 * `PATCH /api/console/vouchers/{id}`: the given fields change, checked with the stored ones. The row is
 * locked as checkout locks it to redeem, so the total limit is never set below a use counted meanwhile.
 */
export async function updateVoucher(db: Db, identity: ConsoleIdentity, voucherId: number, input: VoucherUpdate, context: AuditContext): Promise<ConsoleVoucher> {
  await refusingTakenCode(() =>
    inRetriedTransaction(db, async (tx) => {
      const { voucher, shopName } = await voucherInScope(tx, identity, voucherId, { lock: true });
      const current = presentVoucher(voucher, shopName, context.now);
      const discountType = input.discount_type ?? current.discount_type;
      const merged = {
        discount_type: discountType,
        discount: input.discount ?? current.discount,
        // Switching to an amount voucher drops a cap that was never asked to change.
        max_discount_amount: input.max_discount_amount !== undefined ? input.max_discount_amount : discountType === 'amount' ? null : current.max_discount_amount,
        starts_at: input.starts_at ?? current.starts_at,
        expires_at: input.expires_at ?? current.expires_at,
      };
      const errors: FieldErrors = Object.fromEntries(Object.entries(voucherTermsErrors(merged)).map(([field, message]) => [field, [message]]));
      const totalLimit = input.total_limit !== undefined ? input.total_limit : voucher.totalLimit;
      if (totalLimit !== null && totalLimit < voucher.usedCount) errors.total_limit = [totalLimitBelowUsed(voucher.usedCount)];
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const [updated] = await tx
        .update(vouchers)
        .set({
          code: input.code,
          discountType,
          discount: storedDiscount(discountType, merged.discount),
          minOrderAmount: input.min_order_amount === undefined ? undefined : toMinor(input.min_order_amount),
          maxDiscountAmount: merged.max_discount_amount === null ? null : toMinor(merged.max_discount_amount),
          totalLimit,
          limitForUser: input.limit_for_user,
          startsAt: new Date(merged.starts_at),
          expiresAt: new Date(merged.expires_at),
        })
        .where(eq(vouchers.id, voucherId))
        .returning();
      await recordAudit(tx, context, { action: 'voucher.update', entityType: 'voucher', entityId: voucherId, shopId: voucher.shopId, before: audited(voucher), after: audited(updated!) });
    }),
  );
  return readConsoleVoucher(db, identity, voucherId, context.now);
}

/**
 * `POST /api/console/vouchers/{id}/deactivate` and `/activate`: vouchers are switched off, never
 * deleted (orders that used one keep naming it). Switching to the state it is in changes nothing.
 */
export async function setVoucherActive(db: Db, identity: ConsoleIdentity, voucherId: number, active: boolean, context: AuditContext): Promise<ConsoleVoucher> {
  await inRetriedTransaction(db, async (tx) => {
    const { voucher } = await voucherInScope(tx, identity, voucherId, { lock: true });
    if (voucher.isActive === active) return;
    await tx.update(vouchers).set({ isActive: active }).where(eq(vouchers.id, voucherId));
    await recordAudit(tx, context, {
      action: active ? 'voucher.activate' : 'voucher.deactivate',
      entityType: 'voucher',
      entityId: voucherId,
      shopId: voucher.shopId,
      before: { isActive: voucher.isActive },
      after: { isActive: active },
    });
  });
  return readConsoleVoucher(db, identity, voucherId, context.now);
}
