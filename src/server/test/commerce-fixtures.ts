import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { colors, productColors, products, productSizes, productVariants, shops, sizes, vouchers } from '../db/schema.ts';
import { addVariants } from '../features/inventory/inventory.service.ts';
import { variantSku } from '../../shared/variant-sku.ts';

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

/**
 * Gives a freshly added product the first `colorCount` seeded colours and `sizeCount` seeded sizes,
 * and a variant per combination in place of its default one, each stocking what the product did
 * (or what `stockOf` says for its colour and size positions). Answers the colour and size ids and the variants, in colour then size order.
 */
export async function offerChoices(
  db: Db,
  productId: number,
  {
    colorCount = 0,
    sizeCount = 0,
    stockOf,
  }: { colorCount?: number; sizeCount?: number; stockOf?: (position: { color: number; size: number }) => number },
) {
  const colorRows = await db.select({ id: colors.id, name: colors.name }).from(colors).orderBy(asc(colors.id)).limit(colorCount);
  const sizeRows = await db.select({ id: sizes.id, name: sizes.name }).from(sizes).orderBy(asc(sizes.id)).limit(sizeCount);
  if (colorRows.length > 0) await db.insert(productColors).values(colorRows.map((color) => ({ productId, colorId: color.id })));
  if (sizeRows.length > 0) await db.insert(productSizes).values(sizeRows.map((size) => ({ productId, sizeId: size.id })));
  const [product] = await db.select({ sku: products.sku, stock: products.stock }).from(products).where(eq(products.id, productId));
  await db.delete(productVariants).where(eq(productVariants.productId, productId));
  const combinations = (colorRows.length > 0 ? colorRows : [null]).flatMap((color, colorPosition) =>
    (sizeRows.length > 0 ? sizeRows : [null]).map((size, sizePosition) => ({ color, size, position: { color: colorPosition, size: sizePosition } })),
  );
  const variantIds = await addVariants(
    db,
    combinations.map(({ color, size, position }) => ({
      productId,
      colorId: color?.id ?? null,
      sizeId: size?.id ?? null,
      sku: variantSku(product!.sku, [color?.name, size?.name]),
      stock: stockOf ? stockOf(position) : product!.stock,
    })),
    { now: new Date() },
  );
  const variants = combinations.map(({ color, size }, index) => ({ id: variantIds[index]!, colorId: color?.id ?? null, sizeId: size?.id ?? null }));
  return { colorIds: colorRows.map((color) => color.id), sizeIds: sizeRows.map((size) => size.id), variants };
}

/** `app.inject` for a signed-in shopper's JSON calls. */
export function shopperCalls(app: FastifyInstance, authorization: string) {
  return {
    get: (url: string) => app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization } }),
    post: (url: string, payload: InjectOptions['payload']) => app.inject({ method: 'POST', url: `/api${url}`, headers: { authorization }, payload }),
  };
}
