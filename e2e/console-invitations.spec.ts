import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expectNoViolations } from './axe.ts';
import { DEMO_SELLER, signInThroughStorefront } from './console-sign-in.ts';
import { expect, test, toast } from './fixtures.ts';
import { waitForMailTo } from './outbox.ts';
import { adminAuthorization, registerShopper, startSignedIn } from './shoppers.ts';
import { apiData } from './store-api.ts';

test.use({
  viewport: { width: 1280, height: 800 },
  // Before signing in, GET /api/console/me answers 401 on purpose; once out of the console, 403.
  allowedBrowserErrors: [/status of 40[13]/],
});

/** A new shopper who accepted the seeded seller's invitation: a staff member of that shop. */
async function newShopStaff(request: APIRequestContext) {
  const seller = await adminAuthorization(request, DEMO_SELLER);
  const { shop } = await apiData(request, 'GET /console/me', { authorization: seller });
  const member = await registerShopper(request, 'Helper');
  await apiData(request, 'POST /console/staff', { authorization: seller, body: { email: member.email, name: member.name, role: 'shop_staff', permissions: ['orders.read'] } });
  const [invitation] = (await apiData(request, 'GET /console-invitations', { authorization: member.authorization })).invitations;
  await apiData(request, 'POST /console-invitations/:id/accept', { authorization: member.authorization, params: { id: String(invitation!.id) } });
  return { member, shopName: shop!.name };
}

test('an invitee with no account chooses a password from the mail and lands in the console signed in', async ({ page, browser }) => {
  const email = `agent-${randomUUID().slice(0, 8)}@example.test`;
  await page.goto('/console/staff');
  await signInThroughStorefront(page);
  await page.goto('/console/staff');
  const form = page.getByRole('form', { name: 'Invite a member' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Name').fill('Ada Agent');
  await form.getByLabel('Role').selectOption({ label: 'Support agent' });
  const sent = new Date(Date.now() - 1_000);
  await form.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(toast(page, `The invitation is sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Invitations waiting for an answer' }).getByText(email)).toBeVisible();

  const mail = await waitForMailTo(email, sent);
  const link = /https?:\/\/\S+\/console\/invitation\?token=\S+/.exec(mail.text)![0];
  // The invitee's own browser: nobody is signed in there.
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(new URL(link).pathname + new URL(link).search);
  await expect(invitee.getByRole('heading', { name: 'Accept the invitation' })).toBeVisible();
  await invitee.getByLabel('Password', { exact: true }).fill('agent chooses this');
  await invitee.getByLabel('Confirm Password').fill('agent chooses this');
  await invitee.getByRole('button', { name: 'Set my password' }).click();
  await expect(invitee).toHaveURL(/\/console$/);
  await expect(invitee.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Support tickets' })).toBeVisible();
  await expect(invitee.getByText('Sign in with your staff or seller account to use the console.')).toBeHidden();
});

test("a shop's staff member leaves the shop from the console and lands on the storefront", async ({ page }) => {
  const { member, shopName } = await newShopStaff(page.request);
  await startSignedIn(page, member);
  await page.goto('/console');
  await page.getByRole('button', { name: member.name }).click();
  await page.getByRole('menuitem', { name: 'Leave this shop' }).click();
  const dialog = page.getByRole('dialog', { name: `Leave ${shopName}?` });
  await dialog.getByRole('button', { name: 'Leave the shop' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'You left the console')).toBeVisible();

  await page.goto('/console');
  await expect(page.getByText('You do not have access to the console.')).toBeVisible();
});

test("the store's staff see a shop's people and remove one, whose console closes at once", async ({ page }) => {
  const { member, shopName } = await newShopStaff(page.request);
  await page.goto('/console');
  await signInThroughStorefront(page);
  await page.goto('/console/shops?status=approved');
  await page.getByRole('button', { name: `People of ${shopName}` }).click();
  const people = page.getByRole('table', { name: `People of ${shopName}` });
  const row = people.getByRole('row').filter({ hasText: member.email });
  await expect(row).toContainText('Member');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoViolations(page);
  // The table scrolls inside its box: the page does not scroll sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

  await row.getByRole('button', { name: `Remove ${member.name}` }).click();
  await page.getByRole('dialog', { name: `Remove ${member.name}` }).getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, `${member.name} is removed.`)).toBeVisible();
  await expect(row).toBeHidden();
  // Still signed in as a shopper, but the console is refused to that session (decision 049).
  const consoleAnswer = await page.request.get('/api/console/me', { headers: { Authorization: member.authorization, Accept: 'application/json' } });
  expect(consoleAnswer.status()).toBe(403);
});
