import { flashSaleEnrolments, flashSales, products } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { eq } from 'drizzle-orm';
import { variantsOf } from './catalog-fixtures.ts';

const HOUR_MS = 3_600_000;

/** A flash sale straight in the database: by default starting in a day, for a day, its enrolment window open now. */
export async function addSale(db: Db, now: Date, values: Partial<typeof flashSales.$inferInsert> = {}): Promise<number> {
  const at = (hours: number) => new Date(now.getTime() + hours * HOUR_MS);
  const [sale] = await db
    .insert(flashSales)
    .values({ name: 'Fixture Sale', thumbnail: '/media/placeholder/banner/test.svg', startsAt: at(24), endsAt: at(48), enrolmentStartsAt: at(-1), enrolmentEndsAt: at(24), ...values })
    .returning({ id: flashSales.id });
  return sale!.id;
}

/** A running sale (started an hour ago, ending in a day), its window still open. */
export const addRunningSale = (db: Db, now: Date) => addSale(db, now, { startsAt: new Date(now.getTime() - HOUR_MS), enrolmentEndsAt: new Date(now.getTime() + HOUR_MS) });

/** The product's first variant enrolled in the sale at `salePrice` minor units. */
export async function addEnrolment(db: Db, saleId: number, productId: number, values: Partial<typeof flashSaleEnrolments.$inferInsert> = {}): Promise<number> {
  const [product] = await db.select({ shopId: products.shopId }).from(products).where(eq(products.id, productId));
  const [variant] = await variantsOf(db, productId);
  const [enrolment] = await db
    .insert(flashSaleEnrolments)
    .values({ flashSaleId: saleId, shopId: product!.shopId, productId, variantId: variant!.id, salePrice: 1_00, ...values })
    .returning({ id: flashSaleEnrolments.id });
  return enrolment!.id;
}

/** A new sale's body for `POST /api/console/flash-sales`, its times around `now`. */
export function newSaleBody(now: Date, values: Record<string, unknown> = {}) {
  const at = (hours: number) => new Date(now.getTime() + hours * HOUR_MS).toISOString();
  return { name: 'Summer Flash Sale', banner: '/media/placeholder/banner/summer.svg', starts_at: at(24), ends_at: at(48), enrolment_starts_at: at(-1), enrolment_ends_at: at(24), ...values };
}
