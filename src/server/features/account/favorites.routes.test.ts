import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCardSchema } from '../../../shared/catalog.contract.ts';
import { products } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const get = (url: string, authorization?: string) =>
  ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: authorization ? { authorization } : {} });
const addFavorite = (authorization: string, productId: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/favorite-products', headers: { authorization }, payload: { product_id: productId } });
const removeFavorite = (authorization: string, productId: number | string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/favorite-products/${productId}`, headers: { authorization } });

async function wishlist(authorization: string, query = '') {
  const response = await get(`/favorite-products${query}`, authorization);
  expect(response.statusCode).toBe(200);
  return response.json().data as { total: number; products: Array<{ id: number; is_favorite: boolean }> };
}

describe('favourite products', () => {
  it('need a bearer token', async () => {
    expect((await get('/favorite-products')).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/favorite-products', payload: { product_id: 1 } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/favorite-products/1' })).statusCode).toBe(401);
  });

  it('adds, lists as product cards (latest first) and removes, answering the count each time', async () => {
    const me = await createCustomer(ctx.app);
    const [first, second] = await addProducts(ctx.database.db, [{ name: 'Wish Lamp' }, { name: 'Wish Chair' }]);

    const added = await addFavorite(me.authorization, first);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ message: 'Product added to wishlist', data: { total: 1 } });
    expect((await addFavorite(me.authorization, String(second))).json().data.total).toBe(2);
    // A second heart on the same product is harmless.
    expect((await addFavorite(me.authorization, first)).json().data.total).toBe(2);

    const list = await wishlist(me.authorization);
    expect(list.total).toBe(2);
    expect(list.products.map((product) => product.id)).toEqual([second, first]);
    for (const product of list.products) {
      expect(productCardSchema.strict().parse(product).is_favorite).toBe(true);
    }

    const removed = await removeFavorite(me.authorization, second!);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Product removed from wishlist', data: { total: 1 } });
    expect((await wishlist(me.authorization)).products.map((product) => product.id)).toEqual([first]);
    expect((await removeFavorite(me.authorization, second!)).json().data.total).toBe(1);
  });

  it('pages the wishlist', async () => {
    const me = await createCustomer(ctx.app);
    const ids = await addProducts(ctx.database.db, Array.from({ length: 5 }, (_, index) => ({ name: `Paged Wish ${index}` })));
    for (const id of ids) await addFavorite(me.authorization, id);
    const page1 = await wishlist(me.authorization, '?page=1&per_page=2');
    const page3 = await wishlist(me.authorization, '?page=3&per_page=2');
    expect(page1.total).toBe(5);
    expect(page1.products).toHaveLength(2);
    expect(page3.products.map((product) => product.id)).toEqual([ids[0]]);
    expect((await get('/favorite-products?per_page=1000', me.authorization)).statusCode).toBe(422);
  });

  it('refuses unknown and withdrawn products, and drops a product from the list when it is withdrawn', async () => {
    const me = await createCustomer(ctx.app);
    const [active, hidden] = await addProducts(ctx.database.db, [{ name: 'Stays' }, { name: 'Goes', status: 'draft' }]);
    const unknown = await addFavorite(me.authorization, 2_000_000_000);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ product_id: ['The selected product id is invalid.'] });
    expect((await addFavorite(me.authorization, hidden)).statusCode).toBe(422);
    expect((await addFavorite(me.authorization, 'abc')).statusCode).toBe(422);
    expect((await addFavorite(me.authorization, undefined)).json().errors).toEqual({ product_id: ['The product id field is required.'] });
    expect((await removeFavorite(me.authorization, 'abc')).statusCode).toBe(422);

    await addFavorite(me.authorization, active);
    expect((await wishlist(me.authorization)).total).toBe(1);
    await ctx.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, active!));
    expect(await wishlist(me.authorization)).toEqual({ total: 0, products: [] });
  });

  it("keeps each shopper's wishlist their own", async () => {
    const owner = await createCustomer(ctx.app);
    const other = await createCustomer(ctx.app);
    const [id] = await addProducts(ctx.database.db, [{ name: 'Private Wish' }]);
    await addFavorite(owner.authorization, id);
    expect(await wishlist(other.authorization)).toEqual({ total: 0, products: [] });
    // Removing it from one's own list does not touch the other shopper's.
    expect((await removeFavorite(other.authorization, id!)).json().data.total).toBe(0);
    expect((await wishlist(owner.authorization)).total).toBe(1);
  });
});

describe('is_favorite on catalogue cards', () => {
  it('is true for the shopper’s own favourites on listings, details and home; false for visitors and others', async () => {
    const me = await createCustomer(ctx.app);
    const other = await createCustomer(ctx.app);
    const [favorite] = await addProducts(ctx.database.db, [{ name: 'Hearted Teapot' }]);
    await addFavorite(me.authorization, favorite);

    const cardIn = async (authorization?: string) => {
      const response = await get('/products?search=Hearted Teapot', authorization);
      expect(response.statusCode).toBe(200);
      return (response.json().data.products as Array<{ id: number; is_favorite: boolean }>).find((product) => product.id === favorite);
    };
    expect((await cardIn(me.authorization))?.is_favorite).toBe(true);
    expect((await cardIn())?.is_favorite).toBe(false);
    expect((await cardIn(other.authorization))?.is_favorite).toBe(false);
    // A stale token is a visitor here, not an error.
    expect((await cardIn('Bearer revoked-or-made-up'))?.is_favorite).toBe(false);

    expect((await get(`/products/${favorite}`, me.authorization)).json().data.product.is_favorite).toBe(true);
    expect((await get(`/products/${favorite}`)).json().data.product.is_favorite).toBe(false);

    const home = (await get('/home')).json().data;
    const [homeCard] = home.just_for_you as Array<{ id: number }>;
    await addFavorite(me.authorization, homeCard!.id);
    const mine = (await get('/home', me.authorization)).json().data;
    expect(mine.just_for_you.find((card: { id: number }) => card.id === homeCard!.id).is_favorite).toBe(true);
    const visitor = (await get('/home')).json().data;
    expect(visitor.just_for_you.every((card: { is_favorite: boolean }) => !card.is_favorite)).toBe(true);

    await removeFavorite(me.authorization, favorite!);
    expect((await cardIn(me.authorization))?.is_favorite).toBe(false);
  });
});
