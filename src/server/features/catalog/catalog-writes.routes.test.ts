import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { HttpError } from '../../platform/errors.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addProducts, variantsOf } from '../../test/catalog-fixtures.ts';
import { shopperCalls } from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { placeCashOrder, sellerShopId } from '../../test/staff-fixtures.ts';
import { placeOrderCall } from '../../test/order-fixtures.ts';
import { changeProductPrice, changeVariantStock, stockTaken } from './catalog-writes.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const writes = () => ({ db: ctx.database.db, caches: ctx.app.caches });

/** The product's quantity on its details and on its card in a listing found by its name. */
async function quantities(productId: number) {
  const details = (await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json().data.product;
  const listing = (await ctx.app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent(details.name)}` })).json().data;
  const card = (listing.products as Array<{ id: number; quantity: number }>).find((entry) => entry.id === productId);
  return { details: details.quantity as number, card: card?.quantity };
}

/** The error a write was refused with. */
async function refusal(write: Promise<unknown>) {
  const error = await write.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  const { statusCode, message, errors } = error as HttpError;
  return { statusCode, message, errors };
}

describe('catalogue writes and the cached answers', () => {
  it('shows an order’s stock on its product at once and on its cards once it sells out; a cancellation brings both back', async () => {
    const shopper = await createCustomer(ctx.app);
    const first = await placeCashOrder(ctx.app, shopper.authorization, { quantity: 4 });
    expect(await quantities(first.productId)).toEqual({ details: 6, card: 6 });

    const calls = shopperCalls(ctx.app, shopper.authorization);
    expect((await calls.post('/cart/store', { product_id: first.productId, quantity: 6 })).statusCode).toBe(200);
    const [address] = (await calls.get('/addresses')).json().data.addresses as Array<{ id: number }>;
    const placed = await placeOrderCall(ctx.app, shopper.authorization, { shop_ids: [await sellerShopId(ctx.app)], address_id: address!.id, payment_method: 'cash' });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await quantities(first.productId)).toEqual({ details: 0, card: 0 });

    const cancelled = await calls.post(`/orders/${first.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await quantities(first.productId)).toEqual({ details: 4, card: 4 });
  });

  it('counts a placement as selling a product out when its lines (of any of its variants) take the last units the locked rows had', () => {
    const lines = [
      { productId: 1, quantity: 2, productStock: 5 },
      { productId: 1, quantity: 3, productStock: 5 },
      { productId: 2, quantity: 1, productStock: 4 },
    ];
    expect(stockTaken({ shops: [{ lines }] })).toEqual([
      { productId: 1, crossedZero: true },
      { productId: 2, crossedZero: false },
    ]);
  });

  it('refuses a bad price or stock with the field at fault and changes nothing', async () => {
    const [productId] = await addProducts(ctx.database.db, [{ name: 'Refused Writes Lamp', price: 20_00, stock: 3 }]);
    expect(await refusal(changeProductPrice(writes(), productId!, { price: 20_00, discountPrice: 20_00 }))).toEqual({
      statusCode: 422,
      message: 'The discount price must be below the price.',
      errors: { discount_price: ['The discount price must be below the price.'] },
    });
    expect(await refusal(changeProductPrice(writes(), productId!, { price: 0, discountPrice: 0 }))).toMatchObject({
      statusCode: 422,
      errors: { price: ['The price must be a positive amount.'] },
    });
    const [variant] = await variantsOf(ctx.database.db, productId!);
    expect(await refusal(changeVariantStock(writes(), variant!.id, -1))).toEqual({
      statusCode: 422,
      message: 'The stock must be a whole number of zero or more.',
      errors: { stock: ['The stock must be a whole number of zero or more.'] },
    });
    expect(await refusal(changeProductPrice(writes(), 2_000_000_000, { price: 5_00, discountPrice: 0 }))).toMatchObject({ statusCode: 404, message: 'Product not found' });
    expect(await refusal(changeVariantStock(writes(), 2_000_000_000, 5))).toMatchObject({ statusCode: 404, message: 'Variant not found' });

    const [row] = await ctx.database.db.select({ price: products.price, discountPrice: products.discountPrice, stock: products.stock }).from(products).where(eq(products.id, productId!));
    expect(row).toEqual({ price: 20_00, discountPrice: 0, stock: 3 });
  });

  it('shows a new price at once in the listing, the product and the home page’s deals', async () => {
    const [productId] = await addProducts(ctx.database.db, [{ name: 'Repriced Writes Vase', price: 50_00 }]);
    const seen = async () => {
      const details = (await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json().data.product;
      const listing = (await ctx.app.inject({ method: 'GET', url: '/api/products?search=repriced%20writes%20vase' })).json().data;
      return { details: [details.price, details.discount_price], card: [listing.products[0].price, listing.products[0].discount_price] };
    };
    expect(await seen()).toEqual({ details: [50, 0], card: [50, 0] });
    const deals = async () => (await ctx.app.inject({ method: 'GET', url: '/api/home' })).json().data.best_deal_products as Array<{ id: number; discount_price: number }>;
    expect((await deals()).map((card) => card.id)).not.toContain(productId);
    await changeProductPrice(writes(), productId!, { price: 48_00, discountPrice: 12_00 });
    expect(await seen()).toEqual({ details: [48, 12], card: [48, 12] });
    // The deepest discount of the store now: first among the home page's best deals.
    expect((await deals())[0]).toMatchObject({ id: productId, discount_price: 12 });
  });
});
