import type { Page } from '@playwright/test';
import { signInThroughStorefront } from './console-sign-in.ts';
import { aliveAfterLoads, expect, test } from './fixtures.ts';
import { registerShopper, startSignedIn } from './shoppers.ts';
import { apiData } from './store-api.ts';

/** Resolves once the page's live connection answered: from then on no event is missed. */
const liveConnection = (page: Page) => page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);

const languages = [
  { locale: 'en', dir: 'ltr', words: { queue: 'Support tickets', assignToMe: 'Assign to me', assignedTo: 'Assigned to', reply: 'Your reply', send: 'Send Reply' } },
  { locale: 'ar', dir: 'rtl', words: { queue: 'تذاكر الدعم', assignToMe: 'إسنادها إليّ', assignedTo: 'مُسندة إلى', reply: 'ردك', send: 'إرسال الرد' } },
] as const;

test.use({
  viewport: { width: 1280, height: 800 },
  // Before signing in, GET /api/console/me answers 401 on purpose.
  allowedBrowserErrors: [/status of 401/],
});

for (const { locale, dir, words } of languages) {
  test(`a shopper's ticket is taken and answered in the console, and the reply reaches the shopper live (${locale})`, async ({ page, browser, request }) => {
    const shopper = await registerShopper(request, `Ticket ${locale}`);
    const subject = `Cracked lid ${locale} ${Date.now()}`;
    const { ticket } = await apiData(request, 'POST /support-tickets', {
      headers: { Authorization: `Bearer ${shopper.token}` },
      body: { subject, issue_type: 'delivery', message: 'The lid arrived cracked.' },
    });

    await startSignedIn(page, shopper, { settings: { state: { locale, langDirection: dir }, version: 1 } });
    const connected = liveConnection(page);
    await page.goto(`/support-ticket/${ticket.ticket_no}`);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expect(page.getByTestId('ticket-message')).toHaveCount(1);
    await connected;

    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const staff = aliveAfterLoads(await staffContext.newPage());
    try {
      await staff.goto('/console/tickets');
      await signInThroughStorefront(staff);
      if (locale === 'ar') {
        await staff.getByRole('button', { name: 'Language: English' }).click();
        await staff.getByRole('menuitemradio', { name: 'العربية' }).click();
        await expect(staff.locator('html')).toHaveAttribute('dir', 'rtl');
      }
      await staff.getByRole('navigation').getByRole('link', { name: words.queue }).click();
      await expect(staff.getByRole('heading', { name: words.queue })).toBeVisible();
      await staff.getByRole('link', { name: ticket.ticket_no }).click();
      await expect(staff.getByRole('heading', { level: 1 })).toContainText(subject);
      await expect(staff.getByText('The lid arrived cracked.')).toBeVisible();

      await staff.getByRole('button', { name: words.assignToMe }).click();
      await expect(staff.getByRole('combobox', { name: words.assignedTo })).toHaveValue(/^\d+$/);
      await expect(staff.getByRole('button', { name: words.assignToMe })).toHaveCount(0);

      await staff.getByRole('textbox', { name: words.reply }).fill('A new lid is on its way.');
      await staff.getByRole('button', { name: words.send }).click();
      await expect(staff.getByText('A new lid is on its way.')).toBeVisible();
      await expect(staff.getByRole('textbox', { name: words.reply })).toHaveValue('');
    } finally {
      await staffContext.close();
    }

    // No reload: the live event brings the reply to the shopper's open ticket.
    await expect(page.locator('[data-testid="ticket-message"][data-author="staff"]')).toContainText('A new lid is on its way.');
    await expect(page.getByTestId('ticket-message')).toHaveCount(2);
  });
}
