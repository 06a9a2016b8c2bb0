import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { colors, productColors, productSizes, shops, sizes, vouchers } from '../db/schema.ts';

const DAY_MS = 86_400_000;

/** A shop of the test's own, so its delivery charge and vouchers are known. */
export async function addShop(db: Db, values: Partial<typeof shops.$inferInsert> = {}) {
  const key = randomUUID().slice(0, 8);
  const [shop] = await db
    .insert(shops)
    .values({ name: `Test Shop ${key}`, slug: `test-shop-${key}`, logo: '/media/placeholder/logo/test.svg', banner: '/media/placeholder/banner/test.svg', ...values })
    .returning();
  return shop!;
}

/** A voucher valid from yesterday for a month (given `now`), with a unique code unless one is given. */
export async function addVoucher(db: Db, shopId: number, now: Date, values: Partial<typeof vouchers.$inferInsert> = {}) {
  const [voucher] = await db
    .insert(vouchers)
    .values({
      shopId,
      code: `TEST${randomUUID().slice(0, 8).toUpperCase()}`,
      discountType: 'percentage',
      discount: 10,
      startsAt: new Date(now.getTime() - DAY_MS),
      expiresAt: new Date(now.getTime() + 30 * DAY_MS),
      ...values,
    })
    .returning();
  return voucher!;
}

/** Gives a product the first `colorCount` seeded colours and `sizeCount` seeded sizes; answers their ids. */
export async function offerChoices(db: Db, productId: number, { colorCount = 0, sizeCount = 0 }) {
  const colorIds = (await db.select({ id: colors.id }).from(colors).orderBy(asc(colors.id)).limit(colorCount)).map((row) => row.id);
  const sizeIds = (await db.select({ id: sizes.id }).from(sizes).orderBy(asc(sizes.id)).limit(sizeCount)).map((row) => row.id);
  if (colorIds.length > 0) await db.insert(productColors).values(colorIds.map((colorId) => ({ productId, colorId })));
  if (sizeIds.length > 0) await db.insert(productSizes).values(sizeIds.map((sizeId) => ({ productId, sizeId })));
  return { colorIds, sizeIds };
}

/** `app.inject` for a signed-in shopper's JSON calls. */
export function shopperCalls(app: FastifyInstance, authorization: string) {
  return {
    get: (url: string) => app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization } }),
    post: (url: string, payload: InjectOptions['payload']) => app.inject({ method: 'POST', url: `/api${url}`, headers: { authorization }, payload }),
  };
}
