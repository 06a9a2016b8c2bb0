import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The seeded operations account (src/server/seed/accounts.seed.ts), the store's owner in the console. */
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin-password' };
/** The seeded shop's owner. */
export const DEMO_SELLER = { email: 'seller@example.com', password: 'seller-password' };

/**
 * From the console's sign-in prompt: the storefront's login dialog, then back to the console with
 * the same cookie session (decision 028).
 */
export async function signInThroughStorefront(page: Page, account: { email: string; password: string } = DEMO_ADMIN) {
  await page.getByRole('link', { name: 'Sign in' }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByLabel('Phone or Email').fill(account.email);
  await login.getByLabel('Password').fill(account.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/console$/);
}
