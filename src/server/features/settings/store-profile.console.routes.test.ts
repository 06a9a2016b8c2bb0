import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreProfile } from '../../../shared/store-profile.contract.ts';
import { auditLog } from '../../db/schema.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: string;
const call = (authorization: string, method: 'GET' | 'PUT', payload?: unknown) =>
  ctx.app.inject({ method, url: '/api/console/store-profile', headers: { authorization }, payload: payload as Record<string, unknown> });
const profileNow = async (): Promise<StoreProfile> => (await call(owner, 'GET')).json().data.profile;
const master = async (language = 'en') => (await ctx.app.inject({ method: 'GET', url: '/api/master', headers: { 'accept-language': language } })).json().data;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
});
afterAll(() => ctx.close());

describe('/api/console/store-profile', () => {
  it('changes the footer, contact and links the storefront shows, in each language, with the change in the audit log', async () => {
    const before = await profileNow();
    expect(before.app_name).toBe('Open Store');
    expect(before.social_links.map((link) => link.name)).toEqual(['Facebook', 'X', 'Instagram', 'YouTube', 'LinkedIn']);
    expect(before.translations.ar.web_footer_text).toBe('أوبن ستور. جميع الحقوق محفوظة.');

    const changed: StoreProfile = {
      ...before,
      app_name: 'Corner Shop',
      web_footer_text: 'Corner Shop, since 1999.',
      email: 'hello@corner.example',
      show_download_app: false,
      social_links: [{ name: 'Mastodon', link: 'https://social.example/@corner', logo: '/media/placeholder/social/mastodon.svg' }, before.social_links[0]!],
      translations: { ...before.translations, ar: { ...before.translations.ar, web_footer_text: 'ركن المتجر منذ 1999.' }, ir: { ...before.translations.ir, web_footer_text: '' } },
    };
    const saved = await call(owner, 'PUT', changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Store profile saved', data: { profile: changed } });

    expect(await master()).toMatchObject({ app_name: 'Corner Shop', web_footer_text: 'Corner Shop, since 1999.', email: 'hello@corner.example', show_download_app: false });
    expect((await master()).social_links.map((link: { name: string }) => link.name)).toEqual(['Mastodon', 'Facebook']);
    expect((await master('ar')).web_footer_text).toBe('ركن المتجر منذ 1999.');
    // An empty translation falls back to the default language's text.
    expect((await master('ir')).web_footer_text).toBe('Corner Shop, since 1999.');

    const [audited] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'settings')).orderBy(asc(auditLog.id));
    expect(Object.keys(audited!.changes as object).sort()).toEqual(['app_name', 'email', 'show_download_app', 'social_links', 'translations', 'web_footer_text']);
  });

  it('refuses bad values under their fields and changes nothing', async () => {
    const kept = await profileNow();
    const refused = await call(owner, 'PUT', {
      ...kept,
      app_name: ' ',
      email: 'not an address',
      app_store_link: 'http://apps.example/store',
      web_footer_text: 'Bell\u0007',
      social_links: [{ name: 'Site', link: 'javascript:alert(1)', logo: '/media/placeholder/social/site.svg' }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      app_name: ['The store name field is required.'],
      email: ['The email must be a valid email address.'],
      app_store_link: ['The App Store link must be an https:// address.'],
      web_footer_text: ['The footer text field contains characters that are not allowed.'],
      'social_links.0.link': ['The link must be an https:// address.'],
    });
    expect(await profileNow()).toEqual(kept);
  });

  it('is refused to staff without the settings permission and to a shop’s people', async () => {
    const profile = await profileNow();
    for (const role of ['content_editor', 'shop_owner'] as const) {
      const member = (await signInConsoleMember(ctx.app, role)).authorization;
      expect((await call(member, 'PUT', profile)).statusCode, role).toBe(403);
    }
  });
});
