import { and, asc, count, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shops, users, voucherCollections, voucherRedemptions, vouchers } from '../../db/schema.ts';
import type { Voucher } from '../../../shared/cart.contract.ts';
import { toAmount } from '../../../shared/money.ts';
import { conflict, notFound, validationFailed } from '../../platform/errors.ts';
import { availabilityRefusal, voucherRefusals } from './voucher-rules.ts';

type VoucherRow = typeof vouchers.$inferSelect;

function presentVoucher(voucher: VoucherRow, isCollected: boolean): Voucher {
  const percentage = voucher.discountType === 'percentage';
  return {
    id: voucher.id,
    code: voucher.code,
    discount_type: percentage ? 'Percentage' : 'Amount',
    discount: percentage ? voucher.discount : toAmount(voucher.discount),
    min_order_amount: toAmount(voucher.minOrderAmount),
    max_discount_amount: voucher.maxDiscountAmount === null ? null : toAmount(voucher.maxDiscountAmount),
    limit_for_user: voucher.limitForUser,
    shop_id: voucher.shopId,
    started: voucher.startsAt.toISOString(),
    validity: voucher.expiresAt.toISOString(),
    is_collected: isCollected,
  };
}

/** Only an approved shop sells (decision 029): a pending or suspended shop's vouchers are not offered. */
const ofSellingShop = sql`exists (select 1 from ${shops} where ${shops.id} = ${vouchers.shopId} and ${shops.status} = 'approved')`;

/** The vouchers a shopper can use right now, of one shop or of all, soonest to expire first. */
export async function listVouchers(db: Db, { userId, shopId, now }: { userId: number; shopId?: number; now: Date }): Promise<Voucher[]> {
  const rows = await db
    .select({
      voucher: vouchers,
      isCollected: sql<boolean>`${voucherCollections.userId} is not null`,
    })
    .from(vouchers)
    .leftJoin(voucherCollections, and(eq(voucherCollections.voucherId, vouchers.id), eq(voucherCollections.userId, userId)))
    .where(and(eq(vouchers.isActive, true), gt(vouchers.expiresAt, now), shopId === undefined ? undefined : eq(vouchers.shopId, shopId), ofSellingShop))
    .orderBy(asc(vouchers.expiresAt), asc(vouchers.id));
  return rows.filter(({ voucher }) => !availabilityRefusal(voucher, now)).map(({ voucher, isCollected }) => presentVoucher(voucher, isCollected));
}

/** docs/product/storefront.md §4: a voucher is collected once; collecting again is a conflict. */
export async function collectVoucher(db: Db, { userId, voucherId, now }: { userId: number; voucherId: number; now: Date }) {
  const [voucher] = await db.select().from(vouchers).where(and(eq(vouchers.id, voucherId), ofSellingShop));
  if (!voucher) throw notFound('Voucher not found');
  const refusal = availabilityRefusal(voucher, now);
  if (refusal) throw validationFailed({ coupon_id: [voucherRefusals[refusal]] });
  const inserted = await db
    .insert(voucherCollections)
    .values({ userId, voucherId, collectedAt: now })
    .onConflictDoNothing()
    .returning({ voucherId: voucherCollections.voucherId });
  if (inserted.length === 0) throw conflict('You have already collected this voucher');
}

/**
 * The vouchers behind the codes a shopper typed (any letter case); `lock` holds their rows until
 * the transaction ends, taken in id order so two checkouts never wait on each other in a circle.
 */
export async function findVouchersByCodes(db: Db, codes: readonly string[], { lock = false } = {}): Promise<VoucherRow[]> {
  const query = db
    .select()
    .from(vouchers)
    .where(inArray(vouchers.code, codes.map((code) => code.toUpperCase())))
    .orderBy(asc(vouchers.id))
    .$dynamic();
  return lock ? query.for('update') : query;
}

/** Who uses a voucher: an account, or a guest by lower-case e-mail (none until the guest gives it). */
export type VoucherRedeemer = { userId: number } | { guestEmail: string | null };

/**
 * An e-mail address as the one shopper behind its spellings: lower case, without a `+tag`, and at
 * Gmail without the dots Gmail ignores (`J.Doe+deal@GoogleMail.com` is `jdoe@gmail.com`).
 */
function shopperEmailKey(email: SQL): SQL {
  const untagged = sql`regexp_replace(lower(${email}::text), '[+][^@]*@', '@')`;
  return sql`(case when split_part(${untagged}, '@', 2) in ('gmail.com', 'googlemail.com') then replace(split_part(${untagged}, '@', 1), '.', '') || '@gmail.com' else ${untagged} end)`;
}

/**
 * How often this shopper redeemed the voucher: the per-shopper limit counts this. Every use under
 * another spelling of the shopper's e-mail counts (a guest's, or an account's: see
 * `shopperEmailKey`), so `+tags` do not make a new shopper; only the voucher's own uses are read.
 */
export async function countUserRedemptions(db: Db, voucherId: number, redeemer: VoucherRedeemer): Promise<number> {
  if ('guestEmail' in redeemer && redeemer.guestEmail === null) return 0;
  const email = 'userId' in redeemer ? sql`(select ${users.email} from ${users} where ${users.id} = ${redeemer.userId})` : sql`${redeemer.guestEmail}`;
  const [row] = await db
    .select({ uses: count() })
    .from(voucherRedemptions)
    .leftJoin(users, eq(users.id, voucherRedemptions.userId))
    .where(
      and(
        eq(voucherRedemptions.voucherId, voucherId),
        or(
          'userId' in redeemer ? eq(voucherRedemptions.userId, redeemer.userId) : undefined,
          sql`${shopperEmailKey(sql`coalesce(${voucherRedemptions.guestEmail}, ${users.email})`)} = ${shopperEmailKey(email)}`,
        ),
      ),
    );
  return row?.uses ?? 0;
}

/**
 * Records one use of a voucher. Place-order calls it inside its transaction, after pricing the
 * checkout with `lockRows: true`: the voucher row is then locked and both limits were checked
 * under that lock, so concurrent orders can never redeem it past its limits (the table's
 * `vouchers_used_within_limit` check is the last line of defence).
 */
export async function redeemVoucher(tx: Db, { voucherId, redeemer, now }: { voucherId: number; redeemer: VoucherRedeemer; now: Date }): Promise<number> {
  await tx.update(vouchers).set({ usedCount: sql`${vouchers.usedCount} + 1` }).where(eq(vouchers.id, voucherId));
  const [redemption] = await tx
    .insert(voucherRedemptions)
    .values({ voucherId, ...redeemer, redeemedAt: now }).returning({ id: voucherRedemptions.id });
  return redemption!.id;
}

/**
 * Gives back one use recorded by `redeemVoucher` (a cancelled order). Deleting the redemption row is
 * the guard: a second release of the same redemption finds no row and changes nothing.
 */
export async function releaseVoucherRedemption(tx: Db, redemptionId: number) {
  const [released] = await tx.delete(voucherRedemptions).where(eq(voucherRedemptions.id, redemptionId)).returning({ voucherId: voucherRedemptions.voucherId });
  if (released) await tx.update(vouchers).set({ usedCount: sql`${vouchers.usedCount} - 1` }).where(eq(vouchers.id, released.voucherId));
}
