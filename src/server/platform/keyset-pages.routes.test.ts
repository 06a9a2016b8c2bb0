import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInConsoleMember } from '../test/console-fixtures.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { encodeCursor } from './keyset-pages.ts';

let ctx: TestContext;
let authorization: string;
let variantMovements: string;

beforeAll(async () => {
  ctx = await createTestApp();
  authorization = (await signInConsoleMember(ctx.app, 'owner')).authorization;
  const stock = await ctx.app.inject({ method: 'GET', url: '/api/console/stock?limit=1', headers: { authorization } });
  const variant = stock.json<{ data: { variants: Array<{ id: number; product: { id: number } }> } }>().data.variants[0]!;
  variantMovements = `/api/console/products/${variant.product.id}/variants/${variant.id}/movements`;
});
afterAll(() => ctx.close());

/** Cursors no list wrote: not base64 JSON, a position of the wrong shape, parts out of range, the other sort's. */
const tamperedCursors = ['bm9wZQ', 'nonsense!', encodeCursor([]), encodeCursor([0]), encodeCursor(['yesterday', 1]), encodeCursor(['2026-03-01T10:00:00Z', 1, 2, 3])];

describe('every console list refuses a cursor it did not write with 422', () => {
  const lists = [
    '/api/console/products',
    '/api/console/products?sort=name',
    '/api/console/orders',
    '/api/console/customers',
    '/api/console/reviews',
    '/api/console/vouchers',
    '/api/console/content-pages',
    '/api/console/product-reviews',
    '/api/console/returns',
    '/api/console/shop-applications',
    '/api/console/tickets',
    '/api/console/stock',
    '/api/console/audit-log',
    '/api/console/blog-posts',
    'variant movements',
  ];

  it.each(lists)('%s', async (list) => {
    const url = list === 'variant movements' ? variantMovements : list;
    for (const cursor of tamperedCursors) {
      const answer = await ctx.app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`, headers: { authorization } });
      expect([cursor, answer.statusCode, answer.json()]).toEqual([cursor, 422, { message: 'The cursor is invalid.', errors: { cursor: ['The cursor is invalid.'] } }]);
    }
  });

  it('and a products cursor written for the other sort', async () => {
    const byName = await ctx.app.inject({ method: 'GET', url: '/api/console/products?sort=name&limit=1', headers: { authorization } });
    const cursor = byName.json<{ data: { next_cursor: string } }>().data.next_cursor;
    const newest = await ctx.app.inject({ method: 'GET', url: `/api/console/products?cursor=${cursor}`, headers: { authorization } });
    expect([newest.statusCode, newest.json().errors]).toEqual([422, { cursor: ['The cursor is invalid.'] }]);
  });
});
