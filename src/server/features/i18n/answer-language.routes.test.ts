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

  it("words a rule the schema left to the contract as Laravel would, in the shopper's language", async () => {
    const errors = async (language: string) =>
      (await ctx.app.inject({ url: '/api/products?per_page=10000&sort_type=cheapest', headers: { 'accept-language': language } })).json().errors;
    expect(await errors('en')).toEqual({ per_page: ['The per page must not be greater than 100.'], sort_type: ['The selected sort type is invalid.'] });
    expect(await errors('ar')).toEqual({ per_page: ['يجب ألا يكون per page أكبر من 100.'], sort_type: ['sort type المحدد غير صالح.'] });
    expect((await errors('ir')).per_page).toEqual(['per page نباید بیشتر از ۱۰۰ باشد.']);
  });
});
