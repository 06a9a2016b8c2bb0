import type { Db } from '../db/client.ts';
import { shops, vouchers } from '../db/schema.ts';

const DAY_MS = 86_400_000;

interface VoucherSeed {
  code: string;
  discountType: 'percentage' | 'amount';
  /** Whole percent, or minor units for an amount voucher. */
  discount: number;
  minOrderAmount: number;
  maxDiscountAmount?: number;
  totalLimit?: number;
  limitForUser?: number;
  validDays: number;
}

/** Two or three vouchers per demo shop: a capped percentage, a fixed amount, sometimes a limited one. */
const voucherSeeds: Record<string, VoucherSeed[]> = {
  'tech-haven': [
    { code: 'TECH10', discountType: 'percentage', discount: 10, minOrderAmount: 100_00, maxDiscountAmount: 50_00, validDays: 180 },
    { code: 'TECH25', discountType: 'amount', discount: 25_00, minOrderAmount: 250_00, validDays: 120 },
    { code: 'TECHLAUNCH', discountType: 'percentage', discount: 15, minOrderAmount: 300_00, maxDiscountAmount: 100_00, totalLimit: 200, validDays: 90 },
  ],
  'urban-threads': [
    { code: 'THREADS15', discountType: 'percentage', discount: 15, minOrderAmount: 60_00, maxDiscountAmount: 30_00, limitForUser: 2, validDays: 180 },
    { code: 'THREADS10', discountType: 'amount', discount: 10_00, minOrderAmount: 75_00, validDays: 150 },
  ],
  'nest-and-nook': [
    { code: 'NESTHOME10', discountType: 'percentage', discount: 10, minOrderAmount: 80_00, maxDiscountAmount: 40_00, validDays: 180 },
    { code: 'NEST20', discountType: 'amount', discount: 20_00, minOrderAmount: 150_00, validDays: 120 },
    { code: 'COSYNEST', discountType: 'amount', discount: 35_00, minOrderAmount: 300_00, totalLimit: 100, validDays: 90 },
  ],
  'glow-beauty-co': [
    { code: 'GLOW15', discountType: 'percentage', discount: 15, minOrderAmount: 40_00, maxDiscountAmount: 20_00, limitForUser: 3, validDays: 180 },
    { code: 'GLOW5', discountType: 'amount', discount: 5_00, minOrderAmount: 30_00, validDays: 150 },
  ],
  'summit-outfitters': [
    { code: 'SUMMIT12', discountType: 'percentage', discount: 12, minOrderAmount: 80_00, maxDiscountAmount: 35_00, validDays: 180 },
    { code: 'TRAIL15', discountType: 'amount', discount: 15_00, minOrderAmount: 120_00, validDays: 120 },
  ],
  'green-basket': [
    { code: 'FRESH10', discountType: 'percentage', discount: 10, minOrderAmount: 35_00, maxDiscountAmount: 10_00, limitForUser: 5, validDays: 180 },
    { code: 'BASKET5', discountType: 'amount', discount: 5_00, minOrderAmount: 40_00, validDays: 150 },
  ],
  'play-planet': [
    { code: 'PLAY15', discountType: 'percentage', discount: 15, minOrderAmount: 50_00, maxDiscountAmount: 25_00, validDays: 180 },
    { code: 'PLAY10', discountType: 'amount', discount: 10_00, minOrderAmount: 90_00, validDays: 120 },
    { code: 'FAMILYFUN', discountType: 'percentage', discount: 20, minOrderAmount: 120_00, maxDiscountAmount: 40_00, totalLimit: 150, validDays: 90 },
  ],
  'page-turner-books': [
    { code: 'READ10', discountType: 'percentage', discount: 10, minOrderAmount: 25_00, maxDiscountAmount: 15_00, limitForUser: 3, validDays: 180 },
    { code: 'BOOKS5', discountType: 'amount', discount: 5_00, minOrderAmount: 35_00, validDays: 150 },
  ],
  'gadget-garage': [
    { code: 'GADGET10', discountType: 'percentage', discount: 10, minOrderAmount: 80_00, maxDiscountAmount: 40_00, validDays: 180 },
    { code: 'GEAR20', discountType: 'amount', discount: 20_00, minOrderAmount: 200_00, validDays: 120 },
  ],
  'style-loft': [
    { code: 'STYLE20', discountType: 'percentage', discount: 20, minOrderAmount: 100_00, maxDiscountAmount: 40_00, validDays: 180 },
    { code: 'LOFT10', discountType: 'amount', discount: 10_00, minOrderAmount: 70_00, validDays: 150 },
  ],
};

/** Demo vouchers, valid from yesterday for months; codes already present are kept as they are. */
export async function seedVouchers(db: Db, now = new Date()) {
  const shopRows = await db.select({ id: shops.id, slug: shops.slug }).from(shops);
  const rows = shopRows.flatMap((shop) =>
    (voucherSeeds[shop.slug] ?? []).map(({ validDays, ...seed }) => ({
      ...seed,
      shopId: shop.id,
      startsAt: new Date(now.getTime() - DAY_MS),
      expiresAt: new Date(now.getTime() + validDays * DAY_MS),
    })),
  );
  if (rows.length > 0) await db.insert(vouchers).values(rows).onConflictDoNothing();
}
