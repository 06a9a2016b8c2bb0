import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themeFromPrimary } from '../../../shared/theme-readability.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { newBanner } from '../../test/content-fixtures.ts';
import { newSaleBody } from '../../test/flash-sale-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// The embedded database's smoke journey for the store's face (issue 48): each kind of content the
// console writes reaches the storefront's answers. The kinds' own tests run on PostgreSQL.
let ctx: TestContext;
let owner: string;

const write = async (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object, status = method === 'POST' ? 201 : 200) => {
  const response = await ctx.app.inject({ method, url: `/api/console${url}`, headers: { authorization: owner }, payload });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ data: Record<string, { id: number }> }>().data;
};
const storefront = async (url: string, language = 'en') => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: { 'accept-language': language } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Record<string, unknown> }>().data;
};

beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
});
afterAll(() => ctx.close());

describe('the store’s face on the embedded database', () => {
  it('shows a banner, a post, a page, a question, a flash sale, the theme and the footer the owner writes, at once', async () => {
    const banner = (await write('POST', '/banners', newBanner({ title: 'Spring sale', translations: { ar: { title: 'تخفيضات الربيع' } } }))).banner!;
    expect((await storefront('/home', 'ar')).banners).toContainEqual(expect.objectContaining({ id: banner.id, title: 'تخفيضات الربيع' }));

    const category = (await write('POST', '/blog-categories', { name: 'Smoke notes' })).category!;
    await write('POST', '/blog-posts', { category_id: category.id, title: 'Smoke post', body: '<p>Hello.</p>', status: 'published' });
    expect((await storefront('/blogs?per_page=50')).blogs).toContainEqual(expect.objectContaining({ title: 'Smoke post' }));

    const page = (await write('POST', '/content-pages', { slug: 'smoke-page', title: 'Smoke page', content_html: '<p>Here.</p>' })).page!;
    await write('PATCH', `/content-pages/${page.id}`, { is_published: true });
    expect((await storefront('/pages/smoke-page')).page).toMatchObject({ title: 'Smoke page', content_html: '<p>Here.</p>' });

    await write('POST', '/faqs', { question: 'Is this a smoke test?', answer: 'Yes.' });
    expect((await storefront('/faqs')).faqs).toContainEqual(expect.objectContaining({ question: 'Is this a smoke test?' }));

    // A sale reaches shoppers with its approved products; here it is written and listed for sellers to enrol.
    await write('POST', '/flash-sales', newSaleBody(ctx.app.clock.now(), { name: 'Smoke sale' }));
    const sales = (await ctx.app.inject({ method: 'GET', url: '/api/console/flash-sales?enrolling=true', headers: { authorization: owner } })).json<{ data: { flash_sales: Array<{ name: string }> } }>().data.flash_sales;
    expect(sales.map((sale) => sale.name)).toContain('Smoke sale');

    const teal = themeFromPrimary('#0F766E');
    await write('PUT', '/theme', { theme_colors: { ...teal, primary: '#0F766E' } });
    const profile = (await ctx.app.inject({ method: 'GET', url: '/api/console/store-profile', headers: { authorization: owner } })).json<{ data: { profile: Record<string, unknown> } }>().data.profile;
    await write('PUT', '/store-profile', { ...profile, web_footer_text: 'Smoke and mirrors.' });
    expect(await storefront('/master')).toMatchObject({ theme_colors: teal, web_footer_text: 'Smoke and mirrors.' });
  });
});
