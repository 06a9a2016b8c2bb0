import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailsSchema } from '../../../shared/catalog.contract.ts';
import { productVariants } from '../../db/schema.ts';
import { addFlashSale, addProducts } from '../../test/catalog-fixtures.ts';
import { addShop, offerChoices } from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { cacheTags } from '../../platform/cache-tags.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const HOUR_MS = 3_600_000;

async function details(productId: number) {
  // The tests write variants straight to the database, past the writes that invalidate the cached details.
  ctx.app.caches.invalidate([cacheTags.product(productId)]);
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` });
  expect(response.statusCode, response.body).toBe(200);
  return productDetailsSchema.parse(response.json().data.product);
}

describe('product details', () => {
  it('list every combination with its SKU, prices, stock and image, sold out ones included', async () => {
    const { db } = ctx.database;
    const shop = await addShop(db);
    const [id] = await addProducts(db, [{ name: 'Details Shirt', shopId: shop.id, price: 30_00, discountPrice: 24_00 }]);
    const { colorIds, sizeIds, variants } = await offerChoices(db, id!, { colorCount: 1, sizeCount: 2, stockOf: ({ size }) => (size === 0 ? 6 : 0) });
    const [medium, large] = variants as [(typeof variants)[number], (typeof variants)[number]];
    await db.update(productVariants).set({ price: 36_00, discountPrice: null, images: ['/media/shirt-large.jpg', '/media/shirt-large-back.jpg'] }).where(eq(productVariants.id, large.id));

    const product = await details(id!);
    const skus = (await db.select({ sku: productVariants.sku }).from(productVariants).where(eq(productVariants.productId, id!))).map((row) => row.sku);
    expect(product.variants).toEqual([
      { id: medium.id, color_id: colorIds[0], size_id: sizeIds[0], sku: skus[0], price: 30, discount_price: 24, stock: 6, image: null, images: [] },
      // Its own price, 36.00: the product's 24.00 discount still counts, being below it.
      { id: large.id, color_id: colorIds[0], size_id: sizeIds[1], sku: skus[1], price: 36, discount_price: 24, stock: 0, image: '/media/shirt-large.jpg', images: ['/media/shirt-large.jpg', '/media/shirt-large-back.jpg'] },
    ]);
    expect(product.quantity).toBe(6);
    expect(product.sizes.map((size) => size.id)).toEqual(sizeIds);
  });

  it('give a product without options its one default variant, at the flash sale price while the sale runs', async () => {
    const { db } = ctx.database;
    const [id] = await addProducts(db, [{ name: 'Details Kettle', price: 50_00, stock: 3 }]);
    const now = Date.now();
    await addFlashSale(db, { startsAt: new Date(now - HOUR_MS), endsAt: new Date(now + HOUR_MS) }, [{ productId: id!, price: 39_00 }]);
    const product = await details(id!);
    expect(product.variants).toEqual([
      { id: expect.any(Number), color_id: null, size_id: null, sku: product.sku, price: 50, discount_price: 39, stock: 3, image: null, images: [] },
    ]);
  });
});

describe('the listing’s in-stock filter', () => {
  it('counts a product for a colour only while its variant of that colour is in stock', async () => {
    const { db } = ctx.database;
    const shop = await addShop(db);
    const [firstSoldOut, firstSelling] = await addProducts(db, [
      { name: 'Filter Shirt A', shopId: shop.id },
      { name: 'Filter Shirt B', shopId: shop.id },
    ]);
    const { colorIds } = await offerChoices(db, firstSoldOut!, { colorCount: 2, stockOf: ({ color }) => (color === 0 ? 0 : 4) });
    await offerChoices(db, firstSelling!, { colorCount: 2, stockOf: () => 4 });
    const names = async (query: string) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/products?shop_id=${shop.id}&sort_type=newest&${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data.products as Array<{ name: string }>).map((card) => card.name).sort();
    };
    expect(await names(`color_id=${colorIds[0]}`)).toEqual(['Filter Shirt A', 'Filter Shirt B']);
    expect(await names(`color_id=${colorIds[0]}&in_stock=true`)).toEqual(['Filter Shirt B']);
    expect(await names(`color_id=${colorIds[1]}&in_stock=true`)).toEqual(['Filter Shirt A', 'Filter Shirt B']);
    const refused = await ctx.app.inject({ method: 'GET', url: `/api/products?in_stock=maybe` });
    expect(refused.statusCode).toBe(422);
  });
});
