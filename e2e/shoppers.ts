import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { SessionData, User } from '../src/shared/account.contract.ts';
import { test } from './fixtures.ts';
import { apiData } from './store-api.ts';

/** The seeded operations account (src/server/seed/accounts.seed.ts). */
const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin-password' };

/** The token of a sign-in made through the API: apps get a bearer token (the web gets a cookie instead). */
function bearerToken({ access }: SessionData): string {
  if (access.auth_type !== 'Bearer') throw new Error('a sign-in through the API answers a bearer token');
  return access.token;
}

export interface RegisteredShopper {
  name: string;
  email: string;
  phone: string;
  password: string;
  user: User;
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
  const session = await apiData(request, 'POST /registration', { body: { ...account, country: 'United States', phone_code: '+1' } });
  const token = bearerToken(session);
  return { ...account, user: session.user, token, authorization: `Bearer ${token}` };
}

/** `Bearer <token>` of a seeded staff account (the admin unless told), for the operations and console APIs. */
export async function adminAuthorization(request: APIRequestContext, account: { email: string; password: string } = DEMO_ADMIN): Promise<string> {
  return `Bearer ${bearerToken(await apiData(request, 'POST /login', { body: { phone: account.email, password: account.password } }))}`;
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
