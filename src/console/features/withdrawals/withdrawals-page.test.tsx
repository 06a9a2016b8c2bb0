// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyDocumentLanguage, setMessages } from '../../../client/lib/i18n.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import { ownMessages } from '../../../client/test/locale-messages.ts';
import { shopOwnerPermissions, type ConsoleMe } from '../../../shared/console.contract.ts';
import { MORE_THAN_AVAILABLE, WITHDRAWAL_NOT_REQUESTED, type Withdrawal } from '../../../shared/withdrawals.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';
import { showConsoleIn, useConsoleLanguage } from '../language/console-language.ts';

const seller: ConsoleMe = { ...storeOwner, scope: 'shop', role: 'shop_owner', shop: { id: 2, name: 'Lamp Corner', status: 'approved' }, permissions: [...shopOwnerPermissions] };

const withdrawal = (id: number, extra: Partial<Withdrawal> = {}): Withdrawal => ({
  id,
  shop: { id: 2, name: 'Lamp Corner' },
  amount: 120,
  status: 'requested',
  payout_details: '•••• 4300',
  reference: null,
  reject_reason: null,
  requested_by: { id: 9, name: 'Lamp Owner' },
  requested_at: '2026-12-05T10:00:00.000Z',
  decided_by: null,
  decided_at: null,
  paid_at: null,
  ...extra,
});

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('the seller’s withdrawals', () => {
  it('shows the balance and the minimum, checks the request, shows the server’s refusal under the amount, then requests', async () => {
    const api = stubApi({
      'GET /console/me': ok(seller),
      'GET /console/withdrawals/terms': ok({ available: 250, minimum: 10 }),
      'GET /console/withdrawals': ok({
        withdrawals: [withdrawal(3, { amount: 40, status: 'rejected', reject_reason: 'The account holder is not the shop.' }), withdrawal(2, { amount: 75.5, status: 'paid', reference: 'TR-2026-0007' })],
        next_cursor: null,
      }),
      'POST /console/withdrawals': refused(422, 'The given data was invalid.', { amount: [MORE_THAN_AVAILABLE] }),
    });
    renderConsole('/withdrawals');
    const request = await screen.findByRole('region', { name: 'Request a withdrawal' });
    expect(await within(request).findByText('Available balance')).toBeInTheDocument();
    expect(within(request).getByText('250.00')).toBeInTheDocument();
    expect(within(request).getByText('Minimum withdrawal').nextSibling).toHaveTextContent('10.00');

    const table = screen.getByRole('table', { name: 'Withdrawals' });
    await within(table).findByText('TR-2026-0007');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Requested on', 'Amount', 'Status', 'Payout details', 'Reference', 'Reason']);
    expect(cells(rows[1]!).slice(1)).toEqual(['40.00', 'Rejected', '•••• 4300', '', 'The account holder is not the shop.']);
    expect(cells(rows[2]!).slice(1)).toEqual(['75.50', 'Paid', '•••• 4300', 'TR-2026-0007', '']);
    expect(cells(rows[1]!)[0]).toMatch(/Dec 5, 2026/);
    expect(screen.queryByRole('button', { name: /Approve|Reject|Mark paid/ })).not.toBeInTheDocument();

    await userEvent.click(within(request).getByRole('button', { name: 'Request withdrawal' }));
    expect(await within(request).findByText('The amount field is required.')).toBeInTheDocument();
    expect(within(request).getByText('The payout details field is required.')).toBeInTheDocument();
    expect(api.calls('POST /console/withdrawals')).toHaveLength(0);

    await userEvent.type(within(request).getByRole('spinbutton', { name: 'Amount' }), '300');
    await userEvent.type(within(request).getByRole('textbox', { name: 'Payout details' }), 'NL91 ABNA 0417 1643 00, J. Doe');
    await userEvent.click(within(request).getByRole('button', { name: 'Request withdrawal' }));
    expect(await within(request).findByText('The amount must not be more than the available balance.')).toBeInTheDocument();
    expect(within(request).getByRole('spinbutton', { name: 'Amount' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /console/withdrawals')[0]!.body).toEqual({ amount: 300, payout_details: 'NL91 ABNA 0417 1643 00, J. Doe' });

    api.answer({ 'POST /console/withdrawals': { status: 201, ...ok({ withdrawal: withdrawal(4, { amount: 200 }) }, 'Withdrawal requested') } });
    const listed = api.calls('GET /console/withdrawals').length;
    const amount = within(request).getByRole('spinbutton', { name: 'Amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '200');
    await userEvent.click(within(request).getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('Withdrawal requested')).toBeInTheDocument();
    expect(api.calls('POST /console/withdrawals')[1]!.body).toEqual({ amount: 200, payout_details: 'NL91 ABNA 0417 1643 00, J. Doe' });
    await expect.poll(() => api.calls('GET /console/withdrawals').length).toBeGreaterThan(listed);
    expect(within(request).getByRole('textbox', { name: 'Payout details' })).toHaveValue('');
  });
});

describe('the store’s withdrawals', () => {
  it('lists every shop’s by status, marks one paid with the transfer’s reference and rejects another with a reason', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /shops': ok({ shops: [{ id: 2, name: 'Lamp Corner' }, { id: 3, name: 'Tea House' }] }),
      'GET /console/withdrawals': ok({
        withdrawals: [withdrawal(8, { status: 'approved' }), withdrawal(7, { amount: 60, shop: { id: 3, name: 'Tea House' }, payout_details: '•••• 9911' })],
        next_cursor: null,
      }),
      'POST /console/withdrawals/7/approve': refused(409, WITHDRAWAL_NOT_REQUESTED),
      'POST /console/withdrawals/8/pay': ok({ withdrawal: withdrawal(8, { status: 'paid', reference: 'TR-2026-0042' }) }, 'Withdrawal paid'),
      'POST /console/withdrawals/7/reject': ok({ withdrawal: withdrawal(7, { status: 'rejected', reject_reason: 'x' }) }, 'Withdrawal rejected'),
    });
    renderConsole('/withdrawals');
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    await within(table).findByText('Tea House');
    expect(screen.queryByRole('region', { name: 'Request a withdrawal' })).not.toBeInTheDocument();
    expect(api.calls('GET /console/withdrawals/terms')).toHaveLength(0);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Requested', 'Approved', 'Paid', 'Rejected', 'All']);
    const row = (index: number) => within(screen.getByRole('table', { name: 'Withdrawals' })).getAllByRole('row')[index]!;
    expect(cells(row(1)).slice(1)).toEqual(['Lamp Corner', '120.00', 'Approved', '•••• 4300', '', '', 'Mark paidReject']);
    expect(cells(row(2)).slice(1)).toEqual(['Tea House', '60.00', 'Requested', '•••• 9911', '', '', 'ApproveReject']);

    await userEvent.click(screen.getByRole('tab', { name: 'Requested' }));
    await expect.poll(() => api.calls('GET /console/withdrawals').at(-1)!.query).toEqual({ status: 'requested' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Shop' }), 'Tea House');
    await expect.poll(() => api.calls('GET /console/withdrawals').at(-1)!.query).toEqual({ status: 'requested', shop_id: '3' });

    // A refusal of the step is shown, and the dialog stays.
    await userEvent.click(within(row(2)).getByRole('button', { name: 'Approve the withdrawal of 60.00 by Tea House' }));
    const approve = screen.getByRole('dialog', { name: 'Approve the withdrawal of 60.00 by Tea House?' });
    await userEvent.click(within(approve).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Only a requested withdrawal can be approved.')).toBeInTheDocument();
    await userEvent.click(within(approve).getByRole('button', { name: 'Cancel' }));

    let listed = api.calls('GET /console/withdrawals').length;
    await userEvent.click(within(row(1)).getByRole('button', { name: 'Mark paid the withdrawal of 120.00 by Lamp Corner' }));
    const pay = screen.getByRole('dialog', { name: 'Mark paid the withdrawal of 120.00 by Lamp Corner?' });
    expect(within(pay).getByText('The shop’s owner is told, with the reference.')).toBeInTheDocument();
    await userEvent.click(within(pay).getByRole('button', { name: 'Mark paid' }));
    expect(await within(pay).findByText('The reference field is required.')).toBeInTheDocument();
    expect(api.calls('POST /console/withdrawals/8/pay')).toHaveLength(0);
    await userEvent.type(within(pay).getByRole('textbox', { name: 'Payment reference' }), 'TR-2026-0042');
    await userEvent.click(within(pay).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Withdrawal paid')).toBeInTheDocument();
    expect(api.calls('POST /console/withdrawals/8/pay')[0]!.body).toEqual({ reference: 'TR-2026-0042' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await expect.poll(() => api.calls('GET /console/withdrawals').length).toBeGreaterThan(listed);

    listed = api.calls('GET /console/withdrawals').length;
    await userEvent.click(within(row(2)).getByRole('button', { name: 'Reject the withdrawal of 60.00 by Tea House' }));
    const reject = screen.getByRole('dialog', { name: 'Reject the withdrawal of 60.00 by Tea House?' });
    expect(within(reject).getByText('The amount returns to the shop’s available balance; its owner reads the reason.')).toBeInTheDocument();
    await userEvent.type(within(reject).getByRole('textbox', { name: 'Reason' }), 'The account holder is not the shop.');
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Withdrawal rejected')).toBeInTheDocument();
    expect(api.calls('POST /console/withdrawals/7/reject')[0]!.body).toEqual({ reason: 'The account holder is not the shop.' });
    await expect.poll(() => api.calls('GET /console/withdrawals').length).toBeGreaterThan(listed);
  });
});

describe('the payout details in full', () => {
  const IBAN = 'NL91 ABNA 0417 1643 00';
  /** Whatever the console still holds of the answers: the query cache's data and the mutations'. */
  const held = () =>
    JSON.stringify([...queryClient().getQueryCache().getAll().map((query) => query.state.data), ...queryClient().getMutationCache().getAll().map((mutation) => mutation.state.data)]);

  afterEach(() => {
    setMessages({});
    applyDocumentLanguage('en', 'ltr');
    useConsoleLanguage.setState({ locale: 'en' });
  });

  it('shows them where the store marks a withdrawal paid, only after a click, and hides them again when the dialog closes', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /shops': ok({ shops: [{ id: 2, name: 'Lamp Corner' }] }),
      'GET /console/withdrawals': ok({ withdrawals: [withdrawal(8, { status: 'approved' })], next_cursor: null }),
      'POST /console/withdrawals/8/payout-details': ok({ payout_details: IBAN }, 'Payout details'),
    });
    renderConsole('/withdrawals');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark paid the withdrawal of 120.00 by Lamp Corner' }));
    const pay = screen.getByRole('dialog', { name: 'Mark paid the withdrawal of 120.00 by Lamp Corner?' });
    const details = within(pay).getByRole('region', { name: 'Payout details' });
    expect(details).toHaveTextContent('•••• 4300');
    expect(within(details).getByText('Viewing the payout details is recorded in the audit log, with your name.')).toBeInTheDocument();
    expect(api.calls('POST /console/withdrawals/8/payout-details')).toHaveLength(0);

    await userEvent.click(within(details).getByRole('button', { name: 'Show payout details' }));
    expect(await within(details).findByText(IBAN)).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Show payout details' })).not.toBeInTheDocument();
    expect(api.calls('POST /console/withdrawals/8/payout-details')).toHaveLength(1);

    await userEvent.click(within(pay).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await expect.poll(held).not.toContain(IBAN);
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid the withdrawal of 120.00 by Lamp Corner' }));
    const again = within(screen.getByRole('dialog')).getByRole('region', { name: 'Payout details' });
    expect(again).toHaveTextContent('•••• 4300');
    expect(within(again).queryByText(IBAN)).not.toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Show payout details' })).toBeInTheDocument();
  });

  it('shows a paid one’s in Arabic, the details in their own direction', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /lang/ar': { body: ownMessages('ar') },
      'GET /shops': ok({ shops: [{ id: 2, name: 'Lamp Corner' }] }),
      'GET /console/withdrawals': ok({ withdrawals: [withdrawal(9, { status: 'paid', reference: 'TR-2026-0042' })], next_cursor: null }),
      'POST /console/withdrawals/9/payout-details': ok({ payout_details: IBAN }, 'بيانات الدفع'),
    });
    await showConsoleIn('ar');
    renderConsole('/withdrawals');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await userEvent.click(await screen.findByRole('button', { name: 'إظهار بيانات الدفع لسحب 120.00 من Lamp Corner' }));
    const dialog = screen.getByRole('dialog', { name: 'بيانات الدفع لسحب 120.00 من Lamp Corner' });
    const details = within(dialog).getByRole('region', { name: 'بيانات الدفع' });
    expect(within(details).getByText('يُسجَّل عرض بيانات الدفع في سجل التدقيق باسمك.')).toBeInTheDocument();
    await userEvent.click(within(details).getByRole('button', { name: 'إظهار بيانات الدفع' }));
    const shown = await within(details).findByText(IBAN);
    expect(shown.tagName).toBe('BDI');
    expect(api.calls('POST /console/withdrawals/9/payout-details')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'إغلاق' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
