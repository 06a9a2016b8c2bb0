import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

describe('the language of API messages', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('follows the language header the storefront sends', async () => {
    const answer = (language?: string) =>
      ctx.app.inject({ url: '/api/products/999999', headers: language ? { 'accept-language': language } : {} });
    expect((await answer()).json().message).toBe('Product not found');
    expect((await answer('ar')).json().message).toBe('المنتج غير موجود');
    expect((await answer('ir')).json().message).toBe('محصول پیدا نشد');
    expect((await answer('fr')).json().message).toBe('Product not found');
  });

  it('translates the messages of successful answers too, leaving unknown texts as they are', async () => {
    const master = await ctx.app.inject({ url: '/api/master', headers: { 'accept-language': 'ar' } });
    expect(master.statusCode).toBe(200);
    expect(master.json().message).toBe('Master data');
  });
});
