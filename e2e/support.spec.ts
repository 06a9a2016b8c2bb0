import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, toast } from './fixtures.ts';
import type { z } from 'zod';
import type { ticketReplySchema } from '../src/shared/support.contract.ts';
import { adminAuthorization, registerShopper, startSignedIn } from './shoppers.ts';
import { apiData } from './store-api.ts';

/** A fresh shopper, signed in the way the storefront keeps a session. */
async function signIn(page: Page, request: APIRequestContext) {
  const shopper = await registerShopper(request, 'Ticket Tester');
  await startSignedIn(page, shopper);
  return shopper;
}

/** Resolves once the page's live connection answered: from then on no event is missed. */
const liveConnection = (page: Page) => page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);


test.describe('support tickets', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a shopper opens a ticket with a picture and the store’s reply appears live', async ({ page, request }) => {
    await signIn(page, request);
    const connected = liveConnection(page);
    await page.goto('/support-tickets');
    await expect(page.getByText('You have no support tickets')).toBeVisible();

    await page.getByRole('button', { name: 'New Ticket' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Ticket' });
    await dialog.getByLabel('Subject').fill('Parcel arrived <b>damaged</b>');
    await dialog.getByLabel('Issue Type').selectOption('delivery');
    const markup = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    await dialog.getByLabel('Message', { exact: true }).fill(`${markup}\nThe box was crushed.`);
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 180, g: 40, b: 40 } } })
      .png()
      .toBuffer();
    await dialog.getByLabel('Images (optional)').setInputFiles({ name: 'crushed-box.png', mimeType: 'image/png', buffer: photo });
    await expect(dialog.getByRole('img', { name: 'crushed-box.png' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit Ticket' }).click();

    await expect(page).toHaveURL(/\/support-ticket\/TCK-[A-Z2-7]{10}$/);
    const ticketNo = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Parcel arrived <b>damaged</b>');
    const messages = page.getByTestId('ticket-message');
    // The markup is shown as the characters the shopper typed; none of it ran.
    await expect(messages.first()).toContainText(markup);
    await expect(messages.first().getByRole('img', { name: 'Attachment 1' })).toBeVisible();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(page.getByTestId('ticket-status')).toHaveText('Open');

    await connected;
    const reply = await request.post(`/api/admin/support-tickets/${ticketNo}/messages`, {
      headers: { Authorization: await adminAuthorization(request) },
      data: { message: 'Sorry about that! A replacement is on its way.' } satisfies z.input<typeof ticketReplySchema>,
    });
    expect(reply.status(), await reply.text()).toBe(201);

    // No reload: the live event refetches the ticket.
    const staffMessage = page.locator('[data-testid="ticket-message"][data-author="staff"]');
    await expect(staffMessage).toContainText('A replacement is on its way.');
    await expect(staffMessage).toContainText('Support Team');
    await expect(page.getByTestId('ticket-status')).toHaveText('Answered');
    await expect(toast(page, `New reply to your ticket ${ticketNo}`)).toBeVisible();

    await page.getByRole('textbox', { name: 'Your reply' }).fill('Thank you!');
    await page.getByRole('button', { name: 'Send Reply' }).click();
    await expect(messages).toHaveCount(3);
    await expect(page.getByRole('textbox', { name: 'Your reply' })).toHaveValue('');

    await page.getByRole('button', { name: 'Close Ticket' }).click();
    await page.getByRole('dialog', { name: 'Close Ticket' }).getByRole('button', { name: 'Yes, close it' }).click();
    await expect(page.getByTestId('ticket-status')).toHaveText('Closed');
    await expect(page.getByText('This ticket is closed. Open a new ticket if you need more help.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Reply' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Back to Support Tickets' }).click();
    const row = page.getByTestId('ticket-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(ticketNo);
    await expect(row).toContainText('Delivery');
    await expect(row).toContainText('Closed');
  });

  test('a ticket the store closes shows as closed at once, and the shopper is told', async ({ page, request }) => {
    const shopper = await signIn(page, request);
    const { ticket } = await apiData(request, 'POST /support-tickets', {
      body: { subject: 'Where is my parcel?', issue_type: 'delivery', message: 'It has been a week.' },
      authorization: shopper.authorization,
    });
    const connected = liveConnection(page);
    await page.goto(`/support-ticket/${ticket.ticket_no}`);
    await expect(page.getByTestId('ticket-status')).toHaveText('Open');
    await expect(page.getByRole('button', { name: 'Send Reply' })).toBeVisible();
    await connected;

    const closed = await request.post(`/api/admin/support-tickets/${ticket.ticket_no}/close`, { headers: { Authorization: await adminAuthorization(request) } });
    expect(closed.status(), await closed.text()).toBe(200);

    // No reload: the live event refetches the ticket.
    await expect(page.getByTestId('ticket-status')).toHaveText('Closed');
    await expect(page.getByText('This ticket is closed. Open a new ticket if you need more help.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Reply' })).toHaveCount(0);
    await expect(toast(page, `Your ticket ${ticket.ticket_no} was closed`)).toBeVisible();
  });

  test.describe('refused forms', () => {
    // The empty form is refused by the API on purpose; the browser logs that answer.
    test.use({ allowedBrowserErrors: [/status of 422/] });

    test('a ticket needs a subject, an issue type and a message', async ({ page, request }) => {
      await signIn(page, request);
      await page.goto('/support-tickets');
      await page.getByRole('button', { name: 'New Ticket' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New Ticket' });
      await dialog.getByRole('button', { name: 'Submit Ticket' }).click();
      await expect(dialog.getByText('The subject field is required.')).toBeVisible();
      await expect(dialog.getByText('The issue type field is required.')).toBeVisible();
      await expect(dialog.getByText('The message field is required.')).toBeVisible();
      await expect(dialog.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
    });
  });

  test.describe('someone else’s ticket', () => {
    test.use({ allowedBrowserErrors: [/status of 404/] });

    test('is not found', async ({ page, request }) => {
      const owner = await registerShopper(request, 'Ticket Tester');
      const { ticket } = await apiData(request, 'POST /support-tickets', {
        body: { subject: 'Mine only', issue_type: 'other', message: 'Private.' },
        authorization: owner.authorization,
      });

      await signIn(page, request);
      await page.goto(`/support-ticket/${ticket.ticket_no}`);
      await expect(page.getByRole('heading', { name: 'Ticket not found' })).toBeAttached();
      await expect(page.getByRole('paragraph').filter({ hasText: 'Ticket not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'My Support Tickets' })).toBeVisible();
      await expect(page.getByText('Private.')).toHaveCount(0);
    });
  });
});
