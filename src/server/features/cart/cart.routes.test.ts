import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema, LINE_REMOVED_MESSAGE, type Cart } from '../../../shared/cart.contract.ts';
import { brands, cartItems, colors, productImages, products } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addFlashSale, addProducts, variantsOf } from '../../test/catalog-fixtures.ts';
import { addShop, offerChoices, shopperCalls } from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const HOUR_MS = 3_600_000;

async function shopper() {
  const { user, authorization } = await createCustomer(ctx.app);
  return { user, ...shopperCalls(ctx.app, authorization) };
}

/** A product of a fresh shop, with the test's own price and stock. */
async function product(values: Parameters<typeof addProducts>[1][number] = { name: 'Cart Test Product' }) {
  const shop = await addShop(ctx.database.db, { deliveryCharge: 4_99 });
  const [id] = await addProducts(ctx.database.db, [{ shopId: shop.id, ...values }]);
  return { id: id!, shop };
}

function cartOf(response: { statusCode: number; body: string; json(): { data: unknown } }): Cart {
  expect(response.statusCode, response.body).toBe(200);
  return cartSchema.parse(response.json().data);
}

const lines = (cart: Cart) => cart.cart_items.flatMap((group) => group.products);
const quantityOf = (cart: Cart, productId: number) => lines(cart).find((line) => line.id === productId)?.quantity;

describe('without a token', () => {
  it.each([
    ['GET', '/api/carts'],
    ['POST', '/api/cart/store'],
    ['POST', '/api/cart/increment'],
    ['POST', '/api/cart/decrement'],
    ['POST', '/api/cart/delete'],
  ] as const)('%s %s is refused with 401', async (method, url) => {
    const anonymous = await ctx.app.inject({ method, url, payload: method === 'POST' ? { product_id: 1 } : undefined });
    expect(anonymous.statusCode).toBe(401);
    const forged = await ctx.app.inject({ method, url, headers: { authorization: 'Bearer not-a-real-token' } });
    expect(forged.statusCode).toBe(401);
  });
});

describe('adding to the cart', () => {
  it('starts empty and answers the line grouped under its shop, priced by the catalogue', async () => {
    const { db } = ctx.database;
    const [brand] = await db.select().from(brands).limit(1);
    const { id, shop } = await product({ name: 'Walnut Desk Lamp', price: 59_99, discountPrice: 44_99, stock: 7, unit: 'pc', brandId: brand!.id });
    await db.insert(productImages).values([
      { productId: id, url: '/media/lamp-2.jpg', sortOrder: 2 },
      { productId: id, url: '/media/lamp-1.jpg', sortOrder: 1 },
    ]);
    const { get, post } = await shopper();

    const empty = await get('/carts');
    expect(empty.json()).toEqual({ message: 'Cart items', data: { total: 0, cart_items: [], unavailable_items: [] } });

    const added = await post('/cart/store', { product_id: id, quantity: 2, color: null, size: null, unit: 'pc' });
    expect(added.json().message).toBe('Product added to cart');
    const cart = cartOf(added);
    const [line] = lines(cart);
    expect(cart.total).toBe(1);
    expect(cart.cart_items).toEqual([
      { id: shop.id, shop_id: shop.id, shop_name: shop.name, shop_rating: 0, products: [expect.objectContaining({ id })] },
    ]);
    const [variant] = await variantsOf(db, id);
    expect(line).toEqual({
      id,
      cart_id: expect.any(Number),
      variant_id: variant!.id,
      sku: variant!.sku,
      thumbnail: '/media/placeholder/product/test.svg',
      thumbnails: [{ thumbnail: '/media/lamp-1.jpg' }, { thumbnail: '/media/lamp-2.jpg' }],
      brand: brand!.name,
      name: 'Walnut Desk Lamp',
      price: 59.99,
      discount_price: 44.99,
      discount_percentage: 25,
      quantity: 2,
      size: null,
      color: null,
      unit: 'pc',
      shop_id: shop.id,
      stock: 7,
    });
    expect(cartOf(await get('/carts'))).toEqual(cart);
  });

  it('puts a second add on top of the same line and counts lines, not units, in total', async () => {
    const first = await product({ name: 'Linen Napkins', stock: 10 });
    const second = await product({ name: 'Oak Coasters', stock: 10 });
    const { post } = await shopper();
    await post('/cart/store', { product_id: first.id, quantity: 2 });
    await post('/cart/store', { product_id: first.id, quantity: 3 });
    const cart = cartOf(await post('/cart/store', { product_id: second.id, quantity: 1 }));
    expect(cart.total).toBe(2);
    expect(quantityOf(cart, first.id)).toBe(5);
    expect(cart.cart_items.map((group) => group.shop_id)).toEqual([first.shop.id, second.shop.id]);
  });

  it('groups lines per shop in the order the shops were first added', async () => {
    const shopA = await addShop(ctx.database.db);
    const shopB = await addShop(ctx.database.db);
    const [a1, b1, a2] = await addProducts(ctx.database.db, [
      { name: 'Group A One', shopId: shopA.id },
      { name: 'Group B One', shopId: shopB.id },
      { name: 'Group A Two', shopId: shopA.id },
    ]);
    const { post } = await shopper();
    for (const productId of [a1, b1, a2]) await post('/cart/store', { product_id: productId, quantity: 1 });
    const cart = cartOf(await post('/cart/store', { product_id: b1, quantity: 1 }));
    expect(cart.cart_items.map((group) => [group.shop_name, group.products.map((line) => line.name)])).toEqual([
      [shopA.name, ['Group A One', 'Group A Two']],
      [shopB.name, ['Group B One']],
    ]);
  });

  it('refuses more than the stock left, keeping the line as it was', async () => {
    const { id } = await product({ name: 'Limited Vase', stock: 5 });
    const { get, post } = await shopper();
    const tooMany = await post('/cart/store', { product_id: id, quantity: 6 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toEqual({ message: 'Only 5 left in stock', errors: { quantity: ['Only 5 left in stock'] } });

    await post('/cart/store', { product_id: id, quantity: 3 });
    const over = await post('/cart/store', { product_id: id, quantity: 3 });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('Only 5 left in stock');
    expect(quantityOf(cartOf(await get('/carts')), id)).toBe(3);
  });

  it('lets simultaneous adds fill the stock but never pass it', async () => {
    const { id } = await product({ name: 'Rush Hour Sneaker', stock: 3 });
    const { get, post } = await shopper();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/cart/store', { product_id: id, quantity: 1 })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 422, 422]);
    expect(quantityOf(cartOf(await get('/carts')), id)).toBe(3);
  });

  it('says when a product is sold out', async () => {
    const { id } = await product({ name: 'Sold Out Teapot', stock: 0 });
    const { post } = await shopper();
    const response = await post('/cart/store', { product_id: id, quantity: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('This product is out of stock');
  });

  it('refuses unknown and unpublished products', async () => {
    const { id: draftId } = await product({ name: 'Draft Stool', status: 'draft' });
    const { post } = await shopper();
    for (const productId of [draftId, 2_000_000_000]) {
      const response = await post('/cart/store', { product_id: productId, quantity: 1 });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Product not found');
    }
  });

  it('needs a colour and size the product offers, and none for a product without them', async () => {
    const { db } = ctx.database;
    const { id } = await product({ name: 'Rain Jacket', stock: 10 });
    const { colorIds, sizeIds } = await offerChoices(db, id, { colorCount: 2, sizeCount: 2 });
    const plain = await product({ name: 'Plain Mug' });
    const otherColor = (await db.select({ id: colors.id }).from(colors)).find((color) => !colorIds.includes(color.id))!.id;
    const { post } = await shopper();

    const missing = await post('/cart/store', { product_id: id, quantity: 1, color: null, size: null });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ color: ['The color field is required.'], size: ['The size field is required.'] });

    const foreign = await post('/cart/store', { product_id: id, quantity: 1, color: otherColor, size: sizeIds[0] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ color: ['The selected color is invalid.'] });

    const onPlain = await post('/cart/store', { product_id: plain.id, quantity: 1, color: colorIds[0], size: null });
    expect(onPlain.statusCode).toBe(422);
    expect(onPlain.json().errors).toEqual({ color: ['The selected color is invalid.'] });

    const [color] = await db.select().from(colors).where(eq(colors.id, colorIds[1]!));
    const cart = cartOf(await post('/cart/store', { product_id: id, quantity: 1, color: colorIds[1], size: sizeIds[0] }));
    expect(lines(cart)[0]).toMatchObject({ color: { id: color!.id, name: color!.name }, size: { id: sizeIds[0], name: expect.any(String) } });
  });

  it('takes the product’s own unit and refuses another', async () => {
    const { id } = await product({ name: 'Basmati Rice', unit: 'kg' });
    const { post } = await shopper();
    const wrong = await post('/cart/store', { product_id: id, quantity: 1, unit: 'ton' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ unit: ['The selected unit is invalid.'] });
    expect(lines(cartOf(await post('/cart/store', { product_id: id, quantity: 1 })))[0]!.unit).toBe('kg');
  });

  it('shows the running flash sale price as the discount price', async () => {
    const { id } = await product({ name: 'Flash Kettle', price: 80_00, discountPrice: 70_00 });
    const { id: laterId } = await product({ name: 'Later Sale Kettle', price: 80_00 });
    const now = Date.now();
    await addFlashSale(ctx.database.db, { startsAt: new Date(now - HOUR_MS), endsAt: new Date(now + HOUR_MS) }, [{ productId: id, price: 40_00 }]);
    await addFlashSale(ctx.database.db, { startsAt: new Date(now + HOUR_MS), endsAt: new Date(now + 2 * HOUR_MS) }, [{ productId: laterId, price: 40_00 }]);
    const { post } = await shopper();
    await post('/cart/store', { product_id: id, quantity: 1 });
    const cart = cartOf(await post('/cart/store', { product_id: laterId, quantity: 1 }));
    expect(lines(cart).map(({ price, discount_price, discount_percentage }) => ({ price, discount_price, discount_percentage }))).toEqual([
      { price: 80, discount_price: 40, discount_percentage: 50 },
      { price: 80, discount_price: 0, discount_percentage: 0 },
    ]);
  });

  it('ignores prices, owners and ids a client slips into the body', async () => {
    const { id } = await product({ name: 'Tamper Proof Box', price: 30_00 });
    const victim = await shopper();
    const attacker = await shopper();
    const response = await attacker.post('/cart/store', {
      product_id: id,
      quantity: 1,
      price: 0.01,
      unit_price: 0.01,
      discount_price: 0.01,
      user_id: victim.user.id,
      cart_id: 1,
    });
    expect(lines(cartOf(response))[0]).toMatchObject({ price: 30, discount_price: 0 });
    expect(cartOf(await victim.get('/carts')).total).toBe(0);
    const [row] = await ctx.database.db.select().from(cartItems).where(eq(cartItems.productId, id));
    expect(row).toMatchObject({ userId: attacker.user.id, quantity: 1 });
  });

  it('sets a line apart once its product is taken off sale: named, out of the count, and removable', async () => {
    const { id, shop } = await product({ name: 'Soon Withdrawn Rug' });
    const { get, post } = await shopper();
    const added = cartOf(await post('/cart/store', { product_id: id, quantity: 1 }));
    const cartId = lines(added)[0]!.cart_id;
    await ctx.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, id));
    expect(cartOf(await get('/carts'))).toEqual({
      total: 0,
      cart_items: [],
      unavailable_items: [{ id, cart_id: cartId, name: 'Soon Withdrawn Rug', thumbnail: expect.any(String), shop_name: shop.name }],
    });
    expect((await post('/cart/increment', { product_id: id })).statusCode).toBe(404);
    expect(cartOf(await post('/cart/delete', { product_id: id, cart_id: cartId }))).toEqual({ total: 0, cart_items: [], unavailable_items: [] });
  });
});

describe('buy now', () => {
  it('keeps its own single line apart from the cart', async () => {
    const { id: cartProduct } = await product({ name: 'Cart Side Table' });
    const { id: first, shop } = await product({ name: 'Buy Now Chair', stock: 4 });
    const { id: second } = await product({ name: 'Buy Now Sofa', stock: 4 });
    const { get, post } = await shopper();
    await post('/cart/store', { product_id: cartProduct, quantity: 1 });

    const buyNow = cartOf(await post('/cart/store', { product_id: first, quantity: 2, is_buy_now: true }));
    expect(buyNow.total).toBe(1);
    expect(buyNow.cart_items).toEqual([expect.objectContaining({ shop_id: shop.id, products: [expect.objectContaining({ id: first, quantity: 2 })] })]);

    const replaced = cartOf(await post('/cart/store', { product_id: second, quantity: 1, is_buy_now: true }));
    expect(lines(replaced).map((line) => [line.id, line.quantity])).toEqual([[second, 1]]);

    const tooMany = await post('/cart/store', { product_id: first, quantity: 5, is_buy_now: true });
    expect(tooMany.json().message).toBe('Only 4 left in stock');

    const cart = cartOf(await get('/carts'));
    expect(lines(cart).map((line) => [line.id, line.quantity])).toEqual([[cartProduct, 1]]);
  });

  it('buying now a product already in the cart leaves the cart line alone', async () => {
    const { id } = await product({ name: 'Twice Wanted Clock', stock: 9 });
    const { get, post } = await shopper();
    await post('/cart/store', { product_id: id, quantity: 3 });
    await post('/cart/store', { product_id: id, quantity: 1, is_buy_now: true });
    expect(quantityOf(cartOf(await get('/carts')), id)).toBe(3);
    expect(quantityOf(cartOf(await post('/cart/increment', { product_id: id, is_buy_now: true })), id)).toBe(2);
    expect(quantityOf(cartOf(await get('/carts')), id)).toBe(3);
  });
});

describe('changing a line', () => {
  it('increments up to the stock left', async () => {
    const { id } = await product({ name: 'Increment Candle', stock: 3 });
    const { post } = await shopper();
    await post('/cart/store', { product_id: id, quantity: 2 });
    const more = await post('/cart/increment', { product_id: id });
    expect(more.json().message).toBe('Product quantity increased');
    expect(quantityOf(cartOf(more), id)).toBe(3);
    const beyond = await post('/cart/increment', { product_id: id });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json()).toEqual({ message: 'Only 3 left in stock', errors: { quantity: ['Only 3 left in stock'] } });
  });

  it('decrements, and removes the line at zero with the message the storefront expects', async () => {
    const { id } = await product({ name: 'Decrement Plate' });
    const { post } = await shopper();
    await post('/cart/store', { product_id: id, quantity: 2 });
    const fewer = await post('/cart/decrement', { product_id: id });
    expect(fewer.json().message).toBe('Product quantity decreased');
    expect(quantityOf(cartOf(fewer), id)).toBe(1);

    const gone = await post('/cart/decrement', { product_id: id });
    expect(gone.json().message).toBe('product removed from cart');
    expect(cartOf(gone)).toEqual({ total: 0, cart_items: [], unavailable_items: [] });
    expect((await post('/cart/decrement', { product_id: id })).statusCode).toBe(404);
  });

  it('keeps the removal message untranslated, since the storefront compares it, while other messages follow the language', async () => {
    const { id } = await product({ name: 'Arabic Shopper Cup' });
    const { authorization } = await createCustomer(ctx.app);
    const call = (url: string) =>
      ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: { authorization, 'accept-language': 'ar' }, payload: { product_id: id } });
    expect((await call('/cart/store')).json().message).not.toBe('Product added to cart');
    expect((await call('/cart/decrement')).json().message).toBe(LINE_REMOVED_MESSAGE);
  });

  it('deletes a line', async () => {
    const { id } = await product({ name: 'Delete Bowl' });
    const { id: kept } = await product({ name: 'Kept Bowl' });
    const { post } = await shopper();
    await post('/cart/store', { product_id: id, quantity: 4 });
    await post('/cart/store', { product_id: kept, quantity: 1 });
    const response = await post('/cart/delete', { product_id: id });
    expect(response.json().message).toBe('Product removed from cart');
    expect(lines(cartOf(response)).map((line) => line.id)).toEqual([kept]);
  });

  it('never shows or touches another shopper’s lines', async () => {
    const { id } = await product({ name: 'Private Pillow', stock: 10 });
    const owner = await shopper();
    const other = await shopper();
    await owner.post('/cart/store', { product_id: id, quantity: 2 });

    expect(cartOf(await other.get('/carts')).total).toBe(0);
    for (const url of ['/cart/increment', '/cart/decrement', '/cart/delete']) {
      const response = await other.post(url, { product_id: id });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('This product is not in your cart');
    }
    expect(quantityOf(cartOf(await owner.get('/carts')), id)).toBe(2);
  });
});

describe('bad input', () => {
  it.each([
    ['no product', {}, 'product_id', 'The product id field is required.'],
    ['a text product id', { product_id: 'abc' }, 'product_id', 'The product id must be a number.'],
    ['a zero quantity', { product_id: 1, quantity: 0 }, 'quantity', 'The quantity must be at least 1.'],
    ['a fractional quantity', { product_id: 1, quantity: 1.5 }, 'quantity', 'The quantity must be an integer.'],
    ['a huge quantity', { product_id: 1, quantity: 1e12 }, 'quantity', 'The quantity must not be greater than 10000.'],
    ['a colour name', { product_id: 1, color: 'red' }, 'color', 'The color must be a number.'],
    ['a text flag', { product_id: 1, is_buy_now: 'yes' }, 'is_buy_now', 'The is buy now field must be true or false.'],
  ])('refuses %s with a field error', async (_case, body, field, message) => {
    const { post } = await shopper();
    const response = await post('/cart/store', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it('never answers junk with a server error', async () => {
    const { authorization } = await createCustomer(ctx.app);
    for (const url of ['/api/cart/store', '/api/cart/increment', '/api/cart/decrement', '/api/cart/delete']) {
      for (const payload of ['{not json', '[1,2]', 'null', '"text"', '{"product_id": {"$gt": 0}}']) {
        const response = await ctx.app.inject({ method: 'POST', url, headers: { authorization, 'content-type': 'application/json' }, payload });
        expect(response.statusCode, `${url} ${payload}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url} ${payload}`).toBeLessThan(500);
      }
    }
  });
});
