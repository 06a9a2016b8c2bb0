import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  phone: string;
  profile_photo: string | null;
  is_verified: boolean;
}

export interface RegisteredShopper {
  name: string;
  email: string;
  phone: string;
  password: string;
  user: SessionUser;
  token: string;
  /** `Bearer <token>`, as API calls send it. */
  authorization: string;
}

/** A fresh shopper registered through the API: no other test knows the account, its cart or orders. */
export async function registerShopper(request: APIRequestContext, label = 'Shopper'): Promise<RegisteredShopper> {
  const key = randomUUID().slice(0, 8);
  const account = {
    name: `${label} ${key}`,
    email: `${label.toLowerCase().replace(/\W+/g, '-')}-${key}@example.test`,
    phone: `303${String(randomInt(0, 10 ** 7)).padStart(7, '0')}`,
    password: `${key}-password`,
  };
  const response = await request.post('/api/registration', { data: { ...account, country: 'United States', phone_code: '+1' } });
  expect(response.ok(), await response.text()).toBe(true);
  const { data } = (await response.json()) as { data: { user: SessionUser; access: { token: string } } };
  return { ...account, user: data.user, token: data.access.token, authorization: `Bearer ${data.access.token}` };
}

/**
 * Puts entries into localStorage before the first page loads, the way the storefront keeps its
 * persisted stores (settings, cart, session). Only once per tab, so a change the test makes (a
 * logout, another language) stays after a reload.
 */
export async function startWithStored(page: Page, entries: Record<string, unknown>) {
  await page.addInitScript(
    ({ entries }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
    },
    { entries },
  );
}

/**
 * Signs the shopper in the way the storefront keeps a session: the secret in the httpOnly session
 * cookie (here the shopper's own token, so API calls with it and the page share one session), the
 * user and any other persisted stores (settings, cart) in localStorage before the first page loads.
 */
export async function startSignedIn(page: Page, shopper: Pick<RegisteredShopper, 'user' | 'token'>, stored: Record<string, unknown> = {}) {
  await page.context().addCookies([{ name: 'session', value: shopper.token, url: storeUrl(), httpOnly: true, sameSite: 'Lax' }]);
  const auth = { state: { user: shopper.user, addresses: [], favoriteProducts: 0 }, version: 1 };
  await startWithStored(page, { auth, ...stored });
}

/** The address the tests open the store at (Playwright's baseURL). */
export function storeUrl(): string {
  const { baseURL } = test.info().project.use;
  if (!baseURL) throw new Error('the Playwright project names no baseURL');
  return baseURL;
}
