import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockVariant } from '../../../shared/catalog-console.contract.ts';
import type { ConsoleOrder } from '../../../shared/orders-console.contract.ts';
import { colors, orderItems, productVariants, sizes, units } from '../../db/schema.ts';
import { addProducts, catalogAnchors } from '../../test/catalog-fixtures.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { addStoredOrders } from '../../test/order-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: string;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
});
afterAll(() => ctx.close());

async function read<Data>(url: string, language: string): Promise<Data> {
  const response = await ctx.app.inject({ url: `/api/console${url}`, headers: { authorization: owner, 'accept-language': language } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Data }>().data;
}

/** A colour named in Arabic and Persian, a size with no translation and a unit named in Arabic only. */
async function addOptions() {
  const key = randomUUID().slice(0, 8);
  const db = ctx.database.db;
  const [color] = await db
    .insert(colors)
    .values({ name: `Teal ${key}`, code: '#008080', translations: { ar: { name: `أزرق مخضر ${key}` }, ir: { name: `سبزآبی ${key}` } } })
    .returning();
  const [size] = await db.insert(sizes).values({ name: `Grande ${key}` }).returning();
  const [unit] = await db.insert(units).values({ name: `box-${key}`, translations: { ar: { name: `علبة ${key}` } } }).returning();
  return { key, color: color!, size: size!, unit: unit! };
}

describe('the console’s lists and pages in the reader’s language', () => {
  it('names a stock row’s colour and size in Arabic and Persian, an untranslated one in the store’s language', async () => {
    const { key, color, size } = await addOptions();
    const [productId] = await addProducts(ctx.database.db, [{ name: `Language Stock ${key}` }]);
    await ctx.database.db.update(productVariants).set({ colorId: color.id, sizeId: size.id }).where(eq(productVariants.productId, productId!));
    const options = async (language: string) => {
      const { variants } = await read<{ variants: StockVariant[] }>(`/stock?search=${key}`, language);
      return variants.map((variant) => [variant.color, variant.size]);
    };
    expect(await options('ar')).toEqual([[`أزرق مخضر ${key}`, `Grande ${key}`]]);
    expect(await options('ir')).toEqual([[`سبزآبی ${key}`, `Grande ${key}`]]);
    expect(await options('en')).toEqual([[`Teal ${key}`, `Grande ${key}`]]);
  });

  it('names an order line’s colour, size and unit in Arabic, those with no Arabic name in the store’s language', async () => {
    const { key, unit } = await addOptions();
    const [order] = await addStoredOrders(ctx.database.db, [{ shopId: (await catalogAnchors(ctx.database.db)).shop_id }]);
    // As kept at placement: the colour in Arabic, the size in the store's language only.
    await ctx.database.db
      .update(orderItems)
      .set({ color: `Teal ${key}`, size: `Grande ${key}`, translations: { ar: { color: `أزرق مخضر ${key}` } }, unit: unit.name })
      .where(eq(orderItems.orderId, order!.id));
    const line = async (language: string) => {
      const [first] = (await read<{ order: ConsoleOrder }>(`/orders/${order!.id}`, language)).order.lines;
      return [first!.color, first!.size, first!.unit];
    };
    expect(await line('ar')).toEqual([`أزرق مخضر ${key}`, `Grande ${key}`, `علبة ${key}`]);
    expect(await line('ir')).toEqual([`Teal ${key}`, `Grande ${key}`, unit.name]);
    expect(await line('en')).toEqual([`Teal ${key}`, `Grande ${key}`, unit.name]);

    // A unit the store no longer lists keeps the name the line was sold by.
    await ctx.database.db.update(orderItems).set({ unit: `crate-${key}` }).where(eq(orderItems.orderId, order!.id));
    expect((await line('ar'))[2]).toBe(`crate-${key}`);
  });
});
