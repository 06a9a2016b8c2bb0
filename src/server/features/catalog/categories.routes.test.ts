import { afterAll, beforeAll, expect, it } from 'vitest';
import { categorySchema } from '../../../shared/catalog.contract.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('lists categories with their sub-categories and images that load', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/categories' });
  expect(response.statusCode).toBe(200);
  const categories = categorySchema.array().parse(response.json().data.categories);
  expect(categories.length).toBeGreaterThanOrEqual(8);
  const electronics = categories.find((category) => category.slug === 'electronics');
  expect(electronics?.sub_categories.map((sub) => sub.name)).toContain('Phones');

  for (const url of [electronics!.thumbnail, electronics!.sub_categories[0]!.thumbnail]) {
    const image = await ctx.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toMatch(/^<svg[\s\S]*<\/svg>$/);
  }
});
