import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themeFromPrimary } from '../../../shared/theme-readability.ts';
import { auditLog } from '../../db/schema.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: string;
const call = (authorization: string, method: 'GET' | 'PUT', payload?: unknown, language = 'en') =>
  ctx.app.inject({ method, url: '/api/console/theme', headers: { authorization, 'accept-language': language }, payload: payload as Record<string, unknown> });
const master = async () => (await ctx.app.inject({ method: 'GET', url: '/api/master' })).json().data.theme_colors;
const themeAudit = () => ctx.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'settings')).orderBy(asc(auditLog.id));

beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
});
afterAll(() => ctx.close());

describe('/api/console/theme', () => {
  it('changes the storefront’s colours at once, each changed shade in the audit log', async () => {
    const before = (await call(owner, 'GET')).json().data.theme_colors;
    expect(before).toEqual(await master());

    const blue = themeFromPrimary('#1D4ED8');
    const saved = await call(owner, 'PUT', { theme_colors: { ...blue, primary: '#1D4ED8' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: 'Theme saved', data: { theme_colors: blue } });
    expect(await master()).toEqual(blue);

    const [audited] = await themeAudit();
    expect(audited!.action).toBe('settings.update');
    expect(audited!.changes).toEqual({ theme_colors: { before, after: blue } });
  });

  it('refuses text that would be unreadable on the shade at fault, in the reader’s language, and changes nothing', async () => {
    const kept = await master();
    const pale = { ...themeFromPrimary('#1d4ed8'), '700': '#93c5fd' };
    const refused = await call(owner, 'PUT', { theme_colors: pale });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'theme_colors.700': ['Text in white on shade 700 has a contrast of 1.80 to 1; it needs at least 4.50 to 1.'] });

    const inArabic = await call(owner, 'PUT', { theme_colors: pale }, 'ar');
    expect(inArabic.json().errors['theme_colors.700']).toEqual(['النص باللون الأبيض على الدرجة 700 تباينه 1.80 إلى 1؛ ويلزم 4.50 إلى 1 على الأقل.']);
    expect(await master()).toEqual(kept);
  });

  it('refuses a colour that is not one, and a theme with a shade missing, under their fields', async () => {
    const { '950': _left, ...withoutDarkest } = themeFromPrimary('#16a34a');
    const refused = await call(owner, 'PUT', { theme_colors: { ...withoutDarkest, '50': 'light green' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'theme_colors.50': ['Write a colour as # and six hexadecimal digits, like #1d4ed8.'],
      'theme_colors.950': ['Choose a colour for every shade.'],
    });
  });

  it('is refused to staff without the settings permission and to a shop’s people', async () => {
    for (const role of ['catalogue_manager', 'shop_owner'] as const) {
      const member = (await signInConsoleMember(ctx.app, role)).authorization;
      const refused = await call(member, 'PUT', { theme_colors: themeFromPrimary('#16a34a') });
      expect(refused.statusCode, role).toBe(403);
    }
  });
});
