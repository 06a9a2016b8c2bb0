import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleContentPageSchema, consoleFaqSchema, type ConsoleContentPage } from '../../../shared/content-console.contract.ts';
import { auditLog } from '../../db/schema.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { addFaq } from '../../test/content-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: string;

const call = (authorization: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/console${url}`, headers: { authorization }, ...(payload && { payload }) });
const pageOf = (response: { statusCode: number; body: string; json(): { data: { page: unknown } } }, status = 200): ConsoleContentPage => {
  expect(response.statusCode, response.body).toBe(status);
  return consoleContentPageSchema.parse(response.json().data.page);
};
const storefront = (url: string, language = 'en') => ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: { 'accept-language': language } });
const footerPages = async (language = 'en') => (await storefront('/master', language)).json<{ data: { footer_pages: unknown[] } }>().data.footer_pages;
const auditActions = async (entityType: string, id: number | string) =>
  (await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(id)))).orderBy(asc(auditLog.id))).map((row) => row.action);

beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
});
afterAll(() => ctx.close());

describe('the console’s pages', () => {
  it('creates a page, translates it, publishes it to /page/{slug} and the footer at once, and unpublishes it, each audited', async () => {
    const created = pageOf(await call(owner, 'POST', '/content-pages', { slug: 'delivery-times', title: 'Delivery times', content_html: '<p>Two days.</p><script>alert(1)</script>' }), 201);
    expect(created).toMatchObject({ slug: 'delivery-times', content_html: '<p>Two days.</p>', is_published: false, footer_group: null, standard: false, missing_translations: ['ar', 'ir'] });
    expect((await storefront('/pages/delivery-times')).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/content-pages?status=draft&search=DELIVERY')).json().data.pages.map((page: ConsoleContentPage) => page.slug)).toEqual(['delivery-times']);

    const translated = pageOf(
      await call(owner, 'PATCH', `/content-pages/${created.id}`, { translations: { ar: { title: 'مواعيد التوصيل', content_html: '<p>يومان.</p>' } }, footer_group: 'help', footer_order: 5 }),
    );
    expect(translated.missing_translations).toEqual(['ir']);
    const published = pageOf(await call(owner, 'PATCH', `/content-pages/${created.id}`, { is_published: true }));
    expect(published.is_published).toBe(true);

    expect((await storefront('/pages/delivery-times')).json().data.page).toMatchObject({ title: 'Delivery times', content_html: '<p>Two days.</p>' });
    expect((await storefront('/pages/delivery-times', 'ar')).json().data.page).toMatchObject({ title: 'مواعيد التوصيل', content_html: '<p>يومان.</p>' });
    expect(await footerPages()).toContainEqual({ slug: 'delivery-times', title: 'Delivery times', group: 'help' });
    expect(await footerPages('ar')).toContainEqual({ slug: 'delivery-times', title: 'مواعيد التوصيل', group: 'help' });

    pageOf(await call(owner, 'PATCH', `/content-pages/${created.id}`, { is_published: false }));
    expect((await storefront('/pages/delivery-times')).statusCode).toBe(404);
    expect(await footerPages()).not.toContainEqual(expect.objectContaining({ slug: 'delivery-times' }));
    expect(await auditActions('content_page', created.id)).toEqual(['content_page.create', 'content_page.update', 'content_page.publish', 'content_page.unpublish']);
  });

  it('shows an edit of the about page on /api/pages/about-us at once, in English and Arabic', async () => {
    const pages = (await call(owner, 'GET', '/content-pages?search=about-us')).json<{ data: { pages: ConsoleContentPage[] } }>().data.pages;
    const about = pages.find((page) => page.slug === 'about-us')!;
    expect(about).toMatchObject({ standard: true, is_published: true, footer_group: 'company' });
    expect((await storefront('/pages/about-us')).json().data.page.title).toBe('About Us');
    pageOf(await call(owner, 'PATCH', `/content-pages/${about.id}`, { title: 'Who we are', translations: { ar: { title: 'من نحن حقاً' } } }));
    expect((await storefront('/pages/about-us')).json().data.page.title).toBe('Who we are');
    expect((await storefront('/pages/about-us', 'ar')).json().data.page.title).toBe('من نحن حقاً');
    expect(await footerPages()).toContainEqual({ slug: 'about-us', title: 'Who we are', group: 'company' });
  });

  it('refuses bad input, a taken slug and a new slug for a standard page with field errors', async () => {
    const bad = await call(owner, 'POST', '/content-pages', { slug: 'Bad Slug!', title: '', footer_group: 'sidebar' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      slug: ['The slug may only contain lower-case letters, numbers and dashes.'],
      title: ['The title field is required.'],
      footer_group: ['The selected footer group is invalid.'],
    });
    const taken = await call(owner, 'POST', '/content-pages', { slug: 'privacy-policy', title: 'Privacy again' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ slug: ['The slug has already been taken.'] });

    const terms = (await call(owner, 'GET', '/content-pages?search=terms-and-conditions')).json<{ data: { pages: ConsoleContentPage[] } }>().data.pages[0]!;
    const renamed = await call(owner, 'PATCH', `/content-pages/${terms.id}`, { slug: 'rules' });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({ slug: ['The slug of a standard page cannot change.'] });
    expect((await storefront('/pages/terms-and-conditions')).statusCode).toBe(200);
    expect((await call(owner, 'GET', '/content-pages?status=archived')).json().errors).toEqual({ status: ['The selected status is invalid.'] });
  });

  it('pages newest first with next_cursor', async () => {
    const first = (await call(owner, 'GET', '/content-pages?limit=2')).json<{ data: { pages: ConsoleContentPage[]; next_cursor: string | null } }>().data;
    expect(first.pages).toHaveLength(2);
    const second = (await call(owner, 'GET', `/content-pages?limit=2&cursor=${first.next_cursor}`)).json<{ data: { pages: ConsoleContentPage[] } }>().data;
    expect(second.pages[0]!.id).toBeLessThan(first.pages[1]!.id);
  });

  it('refuses a store catalogue manager and a shop owner', async () => {
    for (const role of ['catalogue_manager', 'shop_owner'] as const) {
      const { authorization } = await signInConsoleMember(ctx.app, role);
      expect((await call(authorization, 'GET', '/content-pages')).statusCode).toBe(403);
      expect((await call(authorization, 'POST', '/content-pages', { slug: 'not-mine', title: 'Not mine' })).statusCode).toBe(403);
      expect((await call(authorization, 'POST', '/faqs', { question: 'Mine?', answer: 'No.' })).statusCode).toBe(403);
    }
  });
});

describe('the console’s FAQ', () => {
  it('adds a question under a category, translates it, hides it and reorders the list; the FAQ page follows at once', async () => {
    const created = await call(owner, 'POST', '/faqs', { question: 'Do you ship abroad?', answer: 'Not yet.', category: 'Shipping', translations: { ar: { question: 'هل تشحنون للخارج؟', answer: 'ليس بعد.', category: 'الشحن' } } });
    expect(created.statusCode, created.body).toBe(201);
    const faq = consoleFaqSchema.parse(created.json().data.faq);
    expect(faq).toMatchObject({ category: 'Shipping', is_active: true, missing_translations: ['ir'] });

    const arabic = (await storefront('/faqs', 'ar')).json<{ data: { faqs: Array<{ id: number; question: string; category: string }> } }>().data.faqs;
    expect(arabic.at(-1)).toEqual({ id: faq.id, question: 'هل تشحنون للخارج؟', answer: 'ليس بعد.', category: 'الشحن' });

    const ids = (await call(owner, 'GET', '/faqs')).json<{ data: { faqs: Array<{ id: number }> } }>().data.faqs.map((row) => row.id);
    const moved = [faq.id, ...ids.filter((id) => id !== faq.id)];
    const reordered = await call(owner, 'POST', '/faqs/reorder', { ids: moved });
    expect(reordered.json().data.faqs.map((row: { id: number }) => row.id)).toEqual(moved);
    expect((await storefront('/faqs')).json().data.faqs[0].question).toBe('Do you ship abroad?');

    expect((await call(owner, 'PATCH', `/faqs/${faq.id}`, { is_active: false })).statusCode).toBe(200);
    expect((await storefront('/faqs')).json().data.faqs.map((row: { id: number }) => row.id)).not.toContain(faq.id);
    expect(await auditActions('faq', faq.id)).toEqual(['faq.create', 'faq.update']);
    expect(await auditActions('faq', '*')).toEqual(['faq.reorder']);
  });

  it('refuses an empty question, a list that leaves one out and an unknown question with field errors or 404', async () => {
    const empty = await call(owner, 'POST', '/faqs', { question: ' ', answer: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ question: ['The question field is required.'], answer: ['The answer field is required.'] });
    await addFaq(ctx.database.db);
    const partial = await call(owner, 'POST', '/faqs/reorder', { ids: [1] });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors).toEqual({ ids: ['The ids must list each of them once.'] });
    expect((await call(owner, 'PATCH', '/faqs/999999', { answer: 'Yes.' })).statusCode).toBe(404);
  });

  it('finds questions by words of the question or answer in any language, and by shown or hidden, in the FAQ page’s order', async () => {
    const add = async (payload: object) => consoleFaqSchema.parse((await call(owner, 'POST', '/faqs', payload)).json<{ data: { faq: unknown } }>().data.faq);
    const gift = await add({ question: 'Can I send a gift wrap?', answer: 'Yes, at checkout.', translations: { ar: { question: 'هل يمكنني تغليف هدية؟', answer: 'نعم.' } } });
    const hidden = await add({ question: 'Is gift wrapping free?', answer: 'It costs a little.', is_active: false });
    const card = await add({ question: 'Do you take cards?', answer: 'Every gift card too.', translations: { ir: { answer: 'کارت هدیه هم.' } } });
    const listed = async (query: string) => {
      const response = await call(owner, 'GET', `/faqs?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { faqs: Array<{ id: number }> } }>().data.faqs.map((faq) => faq.id);
    };

    expect(await listed('search=GIFT')).toEqual([gift.id, hidden.id, card.id]);
    expect(await listed(`search=${encodeURIComponent('تغليف')}`)).toEqual([gift.id]);
    expect(await listed(`search=${encodeURIComponent('کارت هدیه')}`)).toEqual([card.id]);
    expect(await listed('search=gift&status=hidden')).toEqual([hidden.id]);
    expect(await listed('search=gift&status=shown')).toEqual([gift.id, card.id]);
    expect(await listed('search=100%25')).toEqual([]);

    const refused = await call(owner, 'GET', '/faqs?status=draft');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ status: ['The selected status is invalid.'] });
  });
});
