import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colors, productColors } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function read(url: string, language?: string) {
  const response = await ctx.app.inject({ url: `/api${url}`, headers: language ? { 'accept-language': language } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('the store content in the language of the request', () => {
  it('names categories and sub-categories in Arabic and Persian', async () => {
    const electronics = (categories: Array<{ slug: string; name: string; sub_categories: Array<{ name: string }> }>) =>
      categories.find((category) => category.slug === 'electronics')!;
    const arabic = electronics((await read('/categories', 'ar')).categories);
    expect(arabic.name).toBe('الإلكترونيات');
    expect(arabic.sub_categories[0]!.name).toBe('الهواتف');
    expect(electronics((await read('/categories', 'ir')).categories).name).toBe('لوازم الکترونیکی');
    expect((await read('/categories/electronics', 'ar-SA,ar;q=0.9')).category.name).toBe('الإلكترونيات');
  });

  it('writes the home banners in the language asked for', async () => {
    const [first] = (await read('/home', 'ar')).banners;
    expect(first).toMatchObject({ title: 'تخفيضات نهاية الأسبوع السريعة' });
    expect((await read('/home', 'ir')).banners[2]).toMatchObject({ title: 'بهترین پیشنهادهای هفته', subtitle: 'تخفیف‌های گلچین‌شده در همهٔ دسته‌ها که هر دوشنبه تازه می‌شوند.' });
  });

  it('answers the FAQ, the pages and the footer texts in Arabic and Persian', async () => {
    const [faq] = (await read('/faqs', 'ar')).faqs;
    expect(faq).toMatchObject({ question: 'كيف أتتبع طلبي؟' });
    const about = (await read('/pages/about-us', 'ir')).page;
    expect(about.title).toBe('درباره ما');
    expect(about.content_html).toContain('<h2>داستان ما</h2>');
    const master = await read('/master', 'ar');
    expect(master.web_footer_text).toBe('أوبن ستور. جميع الحقوق محفوظة.');
    expect(master.app_name).toBe('Open Store');
  });

  it('names the payment methods in Arabic and Persian, a title with no translation as it is', async () => {
    const titles = async (language: string) =>
      Object.fromEntries(((await read('/master', language)).payment_gateways as Array<{ name: string; title: string }>).map((gateway) => [gateway.name, gateway.title]));
    expect((await titles('ar')).cash).toBe('الدفع عند الاستلام');
    expect((await titles('ir')).cash).toBe('پرداخت در محل');
    expect((await titles('en')).cash).toBe('Cash on Delivery');
  });

  it('gives blog posts and their categories in Arabic, a text with no translation in English', async () => {
    const list = await read('/blogs?category=shopping-guides', 'ar');
    expect(list.categories.map((category: { name: string }) => category.name)).toEqual(['أدلة التسوق', 'الأناقة والمعيشة', 'أخبار المتجر']);
    const coffee = (await read('/blogs/building-a-home-coffee-corner', 'ar')).blog;
    expect(coffee.title).toBe('دليل المبتدئين لتجهيز ركن القهوة في المنزل');
    expect(coffee.category.name).toBe('أدلة التسوق');
    // Its text has no Arabic translation: it reads as the English one, field by field.
    expect(coffee.content_html).toContain('<h2>Buy the grinder first</h2>');
    expect((await read('/blogs/how-to-choose-a-laptop-for-work-and-study', 'ar')).blog.content_html).toContain('<h2>ابدأ بما ستفعله</h2>');
    expect((await read('/blogs?search=المطحنة', 'ar')).blogs.map((blog: { slug: string }) => blog.slug)).toEqual(['building-a-home-coffee-corner']);
  });

  it('keeps each language its own in the cached answers: English, Arabic, then English again', async () => {
    const [productId] = await addProducts(ctx.database.db, [{ name: 'Language Cache Scarf' }]);
    const [red] = await ctx.database.db.select({ id: colors.id }).from(colors).where(eq(colors.name, 'Red'));
    await ctx.database.db.insert(productColors).values({ productId: productId!, colorId: red!.id });
    const colorOf = async (language: string) => {
      const list = await read(`/products?search=${encodeURIComponent('Language Cache Scarf')}`, language);
      return [list.products[0].colors[0].name, list.filters.colors[0].name];
    };
    expect(await colorOf('en')).toEqual(['Red', 'Red']);
    expect(await colorOf('ar')).toEqual(['أحمر', 'أحمر']);
    expect(await colorOf('en')).toEqual(['Red', 'Red']);

    const bannerTitle = async (language: string) => (await read('/home', language)).banners[0].title;
    expect(await bannerTitle('en')).toBe('Weekend Flash Sale');
    expect(await bannerTitle('ar')).toBe('تخفيضات نهاية الأسبوع السريعة');
    expect(await bannerTitle('en')).toBe('Weekend Flash Sale');

    const categoryName = async (language: string) => (await read(`/products/${productId}`, language)).product.category.name;
    const english = await categoryName('en');
    expect(await categoryName('ar')).not.toBe(english);
    expect(await categoryName('en')).toBe(english);
  });
});

describe('API messages with a number inside', () => {
  it('say how many are left in the language of the request', async () => {
    const [productId] = await addProducts(ctx.database.db, [{ name: 'Last Few Lanterns', stock: 3 }]);
    const { authorization } = await createCustomer(ctx.app);
    const add = (language: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/cart/store',
        headers: { authorization, 'accept-language': language },
        payload: { product_id: productId, quantity: 5 },
      });
    const arabic = await add('ar');
    expect(arabic.statusCode).toBe(422);
    expect(arabic.json()).toEqual({ message: 'بقيت 3 قطع فقط في المخزون', errors: { quantity: ['بقيت 3 قطع فقط في المخزون'] } });
    expect((await add('ir')).json().message).toBe('فقط ۳ عدد در انبار مانده است');
    expect((await add('en')).json().message).toBe('Only 3 left in stock');
  });
});
