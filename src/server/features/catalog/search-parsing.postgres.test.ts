import { afterAll, beforeAll, expect, it } from 'vitest';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// PostgreSQL with a glibc locale: its text-search parser parts words at a superscript. (PGlite's C
// locale counts every character past ASCII as a letter, and indexes "m²" whole.)
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('finds a measure written with a superscript, as the product\'s name has it', async () => {
  await addProducts(ctx.database.db, [{ name: 'Zelkova Floor Tiles 20 m²' }, { name: 'Zelkova Floor Tiles 20 cm' }]);
  const search = async (text: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/products?search=${encodeURIComponent(text)}` })).json().data.products.map((product: { name: string }) => product.name);
  expect(await search('zelkova 20 m²')).toEqual(['Zelkova Floor Tiles 20 m²']);
});
