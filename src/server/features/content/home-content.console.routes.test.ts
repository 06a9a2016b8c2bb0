import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeSchema, type Home } from '../../../shared/catalog.contract.ts';
import { consoleBannerSchema, consoleHomeLayoutSchema, DEFAULT_HOME_LAYOUT, type ConsoleBanner, type HomeLayout } from '../../../shared/home-content.contract.ts';
import { auditLog } from '../../db/schema.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { newBanner } from '../../test/content-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: string;

const call = (authorization: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/console${url}`, headers: { authorization }, ...(payload && { payload }) });
const bannerOf = (response: { statusCode: number; body: string; json(): { data: { banner: unknown } } }, status = 200): ConsoleBanner => {
  expect(response.statusCode, response.body).toBe(status);
  return consoleBannerSchema.parse(response.json().data.banner);
};
const home = async (language = 'en', query = ''): Promise<Home> => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/home${query}`, headers: { 'accept-language': language } });
  expect(response.statusCode, response.body).toBe(200);
  return homeSchema.parse(response.json().data);
};
const auditActions = async (entityType: string, id: number | string) =>
  (await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(id)))).orderBy(asc(auditLog.id))).map((row) => row.action);
const hoursFromNow = (hours: number) => new Date(ctx.app.clock.now().getTime() + hours * 3_600_000).toISOString();

beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
});
afterAll(() => ctx.close());

describe('the console’s banners', () => {
  it('lists the demo store’s banners, seeded through the console’s service, in order with their alt texts', async () => {
    const listed = (await call(owner, 'GET', '/banners')).json<{ data: { banners: ConsoleBanner[] } }>().data.banners;
    expect(listed.map((banner) => banner.title)).toEqual(['Weekend Flash Sale', 'The Latest Tech, Delivered', 'Best Deals of the Week']);
    expect(listed[1]).toMatchObject({ image_alt: 'The Latest Tech, Delivered', link: '/categories/electronics', status: 'active', missing_translations: ['ar', 'ir'] });
    expect(listed[1]!.translations.ar).toMatchObject({ title: 'أحدث التقنيات حتى بابك', image_alt: 'أحدث التقنيات حتى بابك' });
  });

  it('creates a banner with English and Arabic pictures and alt texts; the home answer shows each language’s at once, audited', async () => {
    const created = bannerOf(
      await call(owner, 'POST', '/banners', newBanner({
        title: 'Spring sale',
        image: '/media/2026/spring-en.webp',
        image_alt: 'Flowers on a table',
        link: '/categories/home-and-living',
        translations: { ar: { title: 'تخفيضات الربيع', image: '/media/2026/spring-ar.webp', image_alt: 'زهور على طاولة' } },
      })),
      201,
    );
    expect(created).toMatchObject({ status: 'active', is_active: true, starts_at: null, ends_at: null, missing_translations: ['ir'] });

    expect((await home('en')).banners.at(-1)).toMatchObject({ id: created.id, title: 'Spring sale', image: '/media/2026/spring-en.webp', image_alt: 'Flowers on a table' });
    expect((await home('ar')).banners.at(-1)).toMatchObject({ id: created.id, title: 'تخفيضات الربيع', image: '/media/2026/spring-ar.webp', image_alt: 'زهور على طاولة' });
    // Persian has none of its own: the default language's picture and alt.
    expect((await home('ir')).banners.at(-1)).toMatchObject({ id: created.id, image: '/media/2026/spring-en.webp', image_alt: 'Flowers on a table' });

    const changed = bannerOf(await call(owner, 'PATCH', `/banners/${created.id}`, { image_alt: 'Tulips on a table', translations: { ir: { title: 'حراج بهاری', image_alt: 'لاله‌ها' } } }));
    // Persian has its texts now, but not a picture of its own.
    expect(changed.missing_translations).toEqual(['ir']);
    expect((await home('en')).banners.at(-1)!.image_alt).toBe('Tulips on a table');
    expect((await home('ir')).banners.at(-1)).toMatchObject({ title: 'حراج بهاری', image_alt: 'لاله‌ها', image: '/media/2026/spring-en.webp' });
    expect(await auditActions('banner', created.id)).toEqual(['banner.create', 'banner.update']);
  });

  it('schedules a banner: outside its window it is not on the home page, and the list files it under scheduled or ended', async () => {
    const later = bannerOf(await call(owner, 'POST', '/banners', newBanner({ title: 'Later', starts_at: hoursFromNow(2), ends_at: hoursFromNow(5) })), 201);
    const past = bannerOf(await call(owner, 'POST', '/banners', newBanner({ title: 'Past', starts_at: hoursFromNow(-5), ends_at: hoursFromNow(-1) })), 201);
    const off = bannerOf(await call(owner, 'POST', '/banners', newBanner({ title: 'Off', is_active: false })), 201);
    expect([later.status, past.status, off.status]).toEqual(['scheduled', 'ended', 'inactive']);
    const shown = (await home()).banners.map((banner) => banner.id);
    for (const hidden of [later, past, off]) expect(shown).not.toContain(hidden.id);

    const ids = async (query: string) => (await call(owner, 'GET', `/banners${query}`)).json<{ data: { banners: ConsoleBanner[] } }>().data.banners.map((banner) => banner.id);
    expect(await ids('?status=scheduled')).toEqual([later.id]);
    expect(await ids('?status=ended')).toEqual([past.id]);
    expect(await ids('?status=inactive')).toEqual([off.id]);
    expect(await ids('?status=active')).not.toContain(later.id);
    expect(await ids('?search=LATER')).toEqual([later.id]);

    // Its window opened now: the next request shows it.
    bannerOf(await call(owner, 'PATCH', `/banners/${later.id}`, { starts_at: hoursFromNow(-1) }));
    expect((await home()).banners.map((banner) => banner.id)).toContain(later.id);
  });

  it('reorders the banners; the home page follows at once', async () => {
    const current = (await call(owner, 'GET', '/banners')).json<{ data: { banners: ConsoleBanner[] } }>().data.banners.map((banner) => banner.id);
    const moved = [...current.slice(1), current[0]!];
    const reordered = await call(owner, 'POST', '/banners/reorder', { ids: moved });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.banners.map((banner: ConsoleBanner) => banner.id)).toEqual(moved);
    expect((await home()).banners.at(-1)!.id).toBe(current[0]);
    expect(await auditActions('banner', '*')).toEqual(['banner.reorder']);

    const partial = await call(owner, 'POST', '/banners/reorder', { ids: [current[0]] });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors).toEqual({ ids: ['The ids must list each of them once.'] });
  });

  it('refuses bad input with field errors', async () => {
    const bad = await call(owner, 'POST', '/banners', {
      title: '',
      image: 'ftp://example.com/a.png',
      image_alt: '',
      link: 'javascript:alert(1)',
      starts_at: '2026-12-10T10:00:00.000Z',
      ends_at: '2026-12-09T10:00:00.000Z',
      translations: { ar: { image: 'not a picture' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      title: ['The title field is required.'],
      image: ['The image must be a /media/ path or an https address.'],
      image_alt: ['The image alt field is required.'],
      link: ['The link must be a store path starting with / or an https address.'],
      'translations.ar.image': ['The image must be a /media/ path or an https address.'],
    });
    const window = await call(owner, 'POST', '/banners', newBanner({ starts_at: '2026-12-10T10:00:00.000Z', ends_at: '2026-12-09T10:00:00.000Z' }));
    expect(window.statusCode).toBe(422);
    expect(window.json().errors).toEqual({ ends_at: ['The ends at must be a date after starts at.'] });

    const banner = bannerOf(await call(owner, 'POST', '/banners', newBanner({ ends_at: hoursFromNow(3) })), 201);
    const before = await call(owner, 'PATCH', `/banners/${banner.id}`, { starts_at: hoursFromNow(4) });
    expect(before.statusCode).toBe(422);
    expect(before.json().errors).toEqual({ ends_at: ['The ends at must be a date after starts at.'] });
    expect((await call(owner, 'PATCH', `/banners/${banner.id}`, { link: '//evil.example' })).json().errors).toEqual({ link: ['The link must be a store path starting with / or an https address.'] });
    expect((await call(owner, 'PATCH', `/banners/${banner.id}`, { link: 'https://example.com/spring' })).statusCode).toBe(200);
    expect((await call(owner, 'GET', '/banners?status=archived')).json().errors).toEqual({ status: ['The selected status is invalid.'] });
    expect((await call(owner, 'PATCH', '/banners/999999', { title: 'Nobody' })).statusCode).toBe(404);
  });
});

describe('the console’s home page layout', () => {
  const layoutOf = async (response: { statusCode: number; body: string; json(): { data: unknown } }) => {
    expect(response.statusCode, response.body).toBe(200);
    return consoleHomeLayoutSchema.parse(response.json().data);
  };

  it('starts with every section on in the storefront’s order and every category in the strip', async () => {
    const layout = await layoutOf(await call(owner, 'GET', '/home-layout'));
    expect(layout).toEqual({ draft: DEFAULT_HOME_LAYOUT, live: DEFAULT_HOME_LAYOUT, unpublished_changes: false });
    const { sections, categories } = await home();
    expect(sections.map((section) => section.kind)).toEqual(['categories', 'flash_sale', 'popular_products', 'best_deals', 'just_for_you', 'shops']);
    expect(sections[0]!.category_ids).toEqual(categories.map((category) => category.id));
  });

  it('edits a draft the storefront does not show, previews it through a signed link, and publishes it; both audited', async () => {
    const { categories } = await home();
    const chosen = [categories[2]!.id, categories[0]!.id];
    const draft: HomeLayout = {
      sections: [
        { kind: 'best_deals', enabled: true },
        { kind: 'categories', enabled: true },
        { kind: 'flash_sale', enabled: false },
        { kind: 'popular_products', enabled: true },
        { kind: 'just_for_you', enabled: false },
        { kind: 'shops', enabled: true },
      ],
      category_ids: chosen,
    };
    const saved = await layoutOf(await call(owner, 'PUT', '/home-layout', draft));
    expect(saved).toEqual({ draft, live: DEFAULT_HOME_LAYOUT, unpublished_changes: true });
    expect((await home()).sections.map((section) => section.kind)).toEqual(DEFAULT_HOME_LAYOUT.sections.map((section) => section.kind));

    const link = await call(owner, 'POST', '/home-layout/preview-link');
    expect(link.statusCode, link.body).toBe(200);
    const { url } = link.json<{ data: { url: string } }>().data;
    expect(url).toMatch(/^\/\?home_preview=/);
    const previewed = await home('en', url.slice(1));
    expect(previewed.sections).toEqual([{ kind: 'best_deals' }, { kind: 'categories', category_ids: chosen }, { kind: 'popular_products' }, { kind: 'shops' }]);
    // A forged token shows the live layout.
    expect((await home('en', '?home_preview=abc.def')).sections[0]!.kind).toBe('categories');


    const published = await layoutOf(await call(owner, 'POST', '/home-layout/publish'));
    expect(published).toEqual({ draft, live: draft, unpublished_changes: false });
    const live = await home('ar');
    expect(live.sections.map((section) => section.kind)).toEqual(['best_deals', 'categories', 'popular_products', 'shops']);
    expect(live.sections[1]!.category_ids).toEqual(chosen);
    expect(await auditActions('home_layout', 'draft')).toEqual(['home_layout.update']);
    expect(await auditActions('home_layout', 'live')).toEqual(['home_layout.publish']);

    await call(owner, 'PUT', '/home-layout', DEFAULT_HOME_LAYOUT);
    await call(owner, 'POST', '/home-layout/publish');
    expect((await home()).sections).toHaveLength(6);
  });

  it('refuses a layout that leaves out a section or names an unknown category with field errors', async () => {
    const missing = await call(owner, 'PUT', '/home-layout', { sections: [{ kind: 'shops', enabled: true }, { kind: 'shops', enabled: false }], category_ids: [] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ sections: ['The sections must list each kind once.'] });
    const unknown = await call(owner, 'PUT', '/home-layout', { ...DEFAULT_HOME_LAYOUT, category_ids: [999_999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ category_ids: ['The selected category is invalid.'] });
    const wrongKind = await call(owner, 'PUT', '/home-layout', { sections: [{ kind: 'videos', enabled: true }], category_ids: [] });
    expect(wrongKind.json().errors).toMatchObject({ 'sections.0.kind': ['The selected section is invalid.'] });
  });
});

it('refuses a shop owner and a store catalogue manager', async () => {
  for (const role of ['catalogue_manager', 'shop_owner'] as const) {
    const { authorization } = await signInConsoleMember(ctx.app, role);
    expect((await call(authorization, 'GET', '/banners')).statusCode).toBe(403);
    expect((await call(authorization, 'POST', '/banners', newBanner())).statusCode).toBe(403);
    expect((await call(authorization, 'PUT', '/home-layout', DEFAULT_HOME_LAYOUT)).statusCode).toBe(403);
    expect((await call(authorization, 'POST', '/home-layout/publish')).statusCode).toBe(403);
    expect((await call(authorization, 'POST', '/home-layout/preview-link')).statusCode).toBe(403);
  }
});
