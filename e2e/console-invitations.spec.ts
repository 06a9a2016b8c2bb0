import { randomUUID } from 'node:crypto';
import { signInThroughStorefront } from './console-sign-in.ts';
import { expect, test, toast } from './fixtures.ts';
import { waitForMailTo } from './outbox.ts';

test.use({
  viewport: { width: 1280, height: 800 },
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

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
