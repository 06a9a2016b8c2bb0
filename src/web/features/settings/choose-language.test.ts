// @vitest-environment happy-dom
import { beforeEach, expect, it, vi } from 'vitest';
import { stubApi } from '../../../client/test/api-stub.ts';
import { setLanguage, setMessages, t } from '../../../client/lib/i18n.ts';
import { chooseLanguage } from './choose-language.ts';
import { keepPreferencesInCookie } from './preference-cookie.ts';
import { useSettings } from './settings-store.ts';

const reload = vi.fn();
// As the storefront starts (main.tsx).
keepPreferencesInCookie();

beforeEach(() => {
  reload.mockClear();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
  setLanguage('en');
  setMessages({});
  useSettings.setState({
    locale: 'en',
    langDirection: 'ltr',
    languages: [
      { id: 1, name: 'en', title: 'English', direction: 'ltr' },
      { id: 2, name: 'ar', title: 'العربية', direction: 'rtl' },
    ],
  });
});

it('stores the language, turns the page right-to-left, loads its messages and reloads, the texts on screen left as they are', async () => {
  const api = stubApi({ 'GET /lang/ar': { body: { Login: 'تسجيل الدخول' } } });

  await chooseLanguage('ar');

  expect(useSettings.getState()).toMatchObject({ locale: 'ar', langDirection: 'rtl' });
  expect(decodeURIComponent(document.cookie)).toContain('=ar|');
  expect(document.documentElement.dir).toBe('rtl');
  expect(document.documentElement.lang).toBe('ar');
  expect(api.calls('GET /lang/ar')).toHaveLength(1);
  expect(reload).toHaveBeenCalledTimes(1);
  // A part of the page still hydrating renders the server's texts; the reloaded page is in Arabic.
  expect(t('Login')).toBe('Login');
});
