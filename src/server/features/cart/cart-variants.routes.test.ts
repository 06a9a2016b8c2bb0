import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema, type Cart } from '../../../shared/cart.contract.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { addShop, offerChoices, shopperCalls } from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { setVariantActive } from '../inventory/inventory.service.ts';
import { UNAVAILABLE_COMBINATION_MESSAGE } from './cart.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function shopper() {
  const { authorization } = await createCustomer(ctx.app);
  return shopperCalls(ctx.app, authorization);
}

function cartOf(response: { statusCode: number; body: string; json(): { data: unknown } }): Cart {
  expect(response.statusCode, response.body).toBe(200);
  return cartSchema.parse(response.json().data);
}

const lines = (cart: Cart) => cart.cart_items.flatMap((group) => group.products);

/** A shirt in red and blue, M and L (the first two seeded colours and sizes); `stockOf` decides each combination's stock (5 by default). */
async function shirt(stockOf: (position: { color: number; size: number }) => number = () => 5) {
  const { db } = ctx.database;
  const shop = await addShop(db);
  const [id] = await addProducts(db, [{ name: 'Variant Shirt', shopId: shop.id, price: 20_00 }]);
  const choices = await offerChoices(db, id!, { colorCount: 2, sizeCount: 2, stockOf });
  const [red, blue] = choices.colorIds as [number, number];
  const [medium, large] = choices.sizeIds as [number, number];
  const variantOf = (color: number, size: number) => choices.variants.find((variant) => variant.colorId === color && variant.sizeId === size)!.id;
  return { id: id!, red, blue, medium, large, variantOf };
}

describe('a product sold in variants', () => {
  it('keeps a line per colour and size, and adds the same combination up', async () => {
    const { id, red, blue, medium, large, variantOf } = await shirt();
    const { post } = await shopper();
    await post('/cart/store', { product_id: id, quantity: 1, color: red, size: medium });
    const two = cartOf(await post('/cart/store', { product_id: id, quantity: 2, color: blue, size: large }));
    expect(two.total).toBe(2);
    expect(lines(two).map((line) => [line.variant_id, line.color?.id, line.size?.id, line.quantity])).toEqual([
      [variantOf(red, medium), red, medium, 1],
      [variantOf(blue, large), blue, large, 2],
    ]);

    const again = cartOf(await post('/cart/store', { product_id: id, quantity: 2, color: red, size: medium }));
    expect(again.total).toBe(2);
    expect(lines(again).map((line) => [line.variant_id, line.quantity])).toEqual([
      [variantOf(red, medium), 3],
      [variantOf(blue, large), 2],
    ]);
  });

  it('refuses a combination the shop no longer sells with a field error, changing nothing', async () => {
    const { db } = ctx.database;
    const { id, red, blue, medium, large, variantOf } = await shirt();
    await db.transaction((tx) => setVariantActive(tx, variantOf(blue, large), false));
    const { get, post } = await shopper();
    const refused = await post('/cart/store', { product_id: id, quantity: 1, color: blue, size: large });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: UNAVAILABLE_COMBINATION_MESSAGE, errors: { size: [UNAVAILABLE_COMBINATION_MESSAGE] } });
    expect(cartOf(await get('/carts')).total).toBe(0);
    expect(cartOf(await post('/cart/store', { product_id: id, quantity: 1, color: red, size: medium })).total).toBe(1);
  });

  it('refuses a sold-out combination while another of the same product sells', async () => {
    const { id, red, blue, medium, large } = await shirt(({ size }) => (size === 1 ? 0 : 3));
    const { post } = await shopper();
    const soldOut = await post('/cart/store', { product_id: id, quantity: 1, color: red, size: large });
    expect(soldOut.statusCode).toBe(422);
    expect(soldOut.json().errors).toEqual({ quantity: ['This product is out of stock'] });
    const tooMany = await post('/cart/store', { product_id: id, quantity: 4, color: blue, size: medium });
    expect(tooMany.json().errors).toEqual({ quantity: ['Only 3 left in stock'] });
    const cart = cartOf(await post('/cart/store', { product_id: id, quantity: 3, color: blue, size: medium }));
    expect(lines(cart)).toMatchObject([{ color: { id: blue }, size: { id: medium }, quantity: 3, stock: 3 }]);
  });

  it('names a line by its cart id once a product has several, and refuses to guess without one', async () => {
    const { id, red, blue, medium, large } = await shirt();
    const { post } = await shopper();
    await post('/cart/store', { product_id: id, quantity: 1, color: red, size: medium });
    const [redLine, blueLine] = lines(cartOf(await post('/cart/store', { product_id: id, quantity: 2, color: blue, size: large })));

    const unnamed = await post('/cart/increment', { product_id: id });
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().errors).toEqual({ cart_id: ['The cart id field is required when the cart holds several variants of the product.'] });
    const unnamedDelete = await post('/cart/delete', { product_id: id });
    expect(unnamedDelete.statusCode).toBe(422);

    const raised = cartOf(await post('/cart/increment', { product_id: id, cart_id: blueLine!.cart_id }));
    expect(lines(raised).map((line) => line.quantity)).toEqual([1, 3]);
    const removed = cartOf(await post('/cart/delete', { product_id: id, cart_id: redLine!.cart_id }));
    expect(lines(removed).map((line) => line.cart_id)).toEqual([blueLine!.cart_id]);
    // One line left: the product names it again.
    expect(lines(cartOf(await post('/cart/decrement', { product_id: id }))).map((line) => line.quantity)).toEqual([2]);
  });
});
