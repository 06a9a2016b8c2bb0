// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heldAnswer, ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import { storeRolePermissions, type ConsoleMe } from '../../../shared/console.contract.ts';
import type { ConsoleReturn, ConsoleReturnRow, OrderRefunds } from '../../../shared/returns.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const row = (id: number, status: ConsoleReturnRow['status'] = 'requested'): ConsoleReturnRow => ({
  id,
  status,
  order: { id: 40 + id, order_number: `OS1000${40 + id}` },
  shop: { id: 2, name: 'Lamp Corner' },
  customer: 'Ada Lovelace',
  quantity: 2,
  created_at: '2026-04-01T10:00:00.000Z',
});

const detail = (change: Partial<ConsoleReturn> = {}): ConsoleReturn => ({
  id: 7,
  status: 'requested',
  reason: 'The shade is cracked',
  photos: ['/media/uploads/returns/crack.webp'],
  instructions: null,
  rejection_reason: null,
  lines: [{ order_item_id: 5, name: 'Brass desk lamp', sku: 'LAMP-BR-1', thumbnail: '', color: null, size: null, unit_price: 5, quantity: 2, restocked: null }],
  created_at: '2026-04-01T10:00:00.000Z',
  updated_at: '2026-04-01T10:00:00.000Z',
  order: { id: 47, order_number: 'OS100047', payment_method: 'cash', payment_status: 'paid' },
  shop: { id: 2, name: 'Lamp Corner' },
  customer: { name: 'Ada Lovelace', email: 'ada@example.test' },
  refunds: [],
  received_at: null,
  ...change,
});

const supportAgent: ConsoleMe = { ...storeOwner, role: 'support_agent', permissions: [...storeRolePermissions.support_agent] };

describe('the returns list', () => {
  it('lists returns newest first and filters by the status tab kept in the address', async () => {
    const api = stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/returns': ({ query }) => ok({ returns: query.status === 'approved' ? [row(2, 'approved')] : [row(1), row(2, 'approved')], next_cursor: null }) });
    renderConsole('/returns');
    expect(await screen.findByRole('link', { name: 'Return #1' })).toHaveAttribute('href', '/returns/1');
    expect(screen.getByRole('link', { name: 'OS100041' })).toHaveAttribute('href', '/orders/41');
    await userEvent.click(screen.getByRole('tab', { name: 'Approved' }));
    await expect.poll(() => api.calls('GET /console/returns').at(-1)!.query).toEqual({ status: 'approved' });
    expect(await screen.findByRole('tab', { name: 'Approved', selected: true })).toBeInTheDocument();
    await expect.poll(() => screen.queryByRole('link', { name: 'Return #1' })).toBeNull();
  });
});

describe("a return's page", () => {
  it('approves a requested return with instructions, showing the server’s refusal under the field first', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/returns/7': ok({ return: detail() }),
      'POST /console/returns/7/approve': ({ body }) =>
        (body as { instructions: string }).instructions === ''
          ? refused(422, 'The instructions field is required.', { instructions: ['The instructions field is required.'] })
          : ok({ return: detail({ status: 'approved', instructions: 'Post it to 1 Depot Road.' }) }, 'Return approved'),
    });
    renderConsole('/returns/7');
    expect(await screen.findByRole('heading', { name: 'Return #7' })).toBeInTheDocument();
    expect(screen.getByText('The shade is cracked')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo from the shopper' })).toHaveAttribute('src', '/media/uploads/returns/crack.webp');

    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the return' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('The instructions field is required.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Return instructions' }), 'Post it to 1 Depot Road.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Return approved')).toBeInTheDocument();
    expect(api.calls('POST /console/returns/7/approve').at(-1)!.body).toEqual({ instructions: 'Post it to 1 Depot Road.' });
    expect(screen.getByText('Post it to 1 Depot Road.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark received' })).toBeInTheDocument();
  });

  it('marks an approved return received with a choice per line, then refunds it under one key', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/returns/7': ok({ return: detail({ status: 'approved' }) }),
      'POST /console/returns/7/receive': ok({ return: detail({ status: 'received', lines: [{ ...detail().lines[0]!, restocked: false }] }) }, 'Return marked as received'),
      'POST /console/orders/47/refunds': refused(502, 'The refund could not be confirmed by the payment provider. Please try again.'),
    });
    renderConsole('/returns/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the return received' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '2 × Brass desk lamp' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark received' }));
    expect(await screen.findByText('Return marked as received')).toBeInTheDocument();
    expect(api.calls('POST /console/returns/7/receive')[0]!.body).toEqual({ lines: [{ order_item_id: 5, restock: false }] });

    await userEvent.click(screen.getByRole('button', { name: 'Refund the return' }));
    const refund = await screen.findByRole('dialog', { name: 'Refund the return' });
    await userEvent.type(within(refund).getByRole('textbox', { name: 'Reason' }), 'Returned');
    await userEvent.click(within(refund).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('The refund could not be confirmed by the payment provider. Please try again.')).toBeInTheDocument();
    await userEvent.click(within(refund).getByRole('button', { name: 'Refund' }));
    await expect.poll(() => api.calls('POST /console/orders/47/refunds')).toHaveLength(2);
    const [first, retry] = api.calls('POST /console/orders/47/refunds');
    expect(first!.body).toEqual({ return_id: 7, reason: 'Returned' });
    expect(retry!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('offers no steps to someone who may only read orders', async () => {
    stubApi({ 'GET /console/me': ok(supportAgent), 'GET /console/returns/7': ok({ return: detail() }) });
    renderConsole('/returns/7');
    expect(await screen.findByRole('heading', { name: 'Return #7' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByText('Your role can view this page but not change it.')).toBeInTheDocument();
  });
});

const refunds = (change: Partial<OrderRefunds> = {}): OrderRefunds => ({
  paid: 30,
  refunded: 5,
  refundable: 25,
  payment_method: 'cash',
  payment_status: 'partially_refunded',
  lines: [{ order_item_id: 5, name: 'Brass desk lamp', quantity: 3, refundable_quantity: 3, unit_refund: 10 }],
  refundable_returns: [],
  refunds: [{ id: 3, return_id: null, amount: 5, reason: 'Late delivery', method: 'cash', status: 'succeeded', lines: [], created_at: '2026-04-02T10:00:00.000Z' }],
  ...change,
});

/** The order page's refunds section of order 47, alone, for one who may refund. */
async function renderRefunds() {
  const { OrderRefunds } = await import('./order-refunds.tsx');
  const { QueryClientProvider } = await import('@tanstack/react-query');
  const { render } = await import('@testing-library/react');
  const { queryClient } = await import('../../../client/lib/query-client.ts');
  render(
    <QueryClientProvider client={queryClient()}>
      <OrderRefunds orderId={47} canWrite />
    </QueryClientProvider>,
  );
}

describe("an order's refunds", () => {
  it('shows what was paid and refunded, and refunds an amount with the server’s refusal under the field', async () => {
    let current = refunds();
    const api = stubApi({
      'GET /console/orders/47/refunds': () => ok(current),
      'POST /console/orders/47/refunds': ({ body }) => {
        if ((body as { amount: number }).amount > 25) return refused(422, 'The refund is more than what is left of the amount paid.', { amount: ['The refund is more than what is left of the amount paid.'] });
        current = refunds({ refunded: 15, refundable: 15 });
        return ok({ refund: current.refunds[0], refunds: current }, 'Refund made');
      },
    });
    await renderRefunds();
    expect(await screen.findByText(/Paid 30\.00, refunded 5\.00, 25\.00 left to refund/)).toBeInTheDocument();
    expect(screen.getByText(/5\.00 on .*: Late delivery/)).toBeInTheDocument();
    expect(screen.getByText('Partially refunded')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Goodwill');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('The amount field is required.')).toBeInTheDocument();
    expect(api.calls('POST /console/orders/47/refunds')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Amount (at most 25.00)' }), '26');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await expect.poll(() => api.calls('POST /console/orders/47/refunds').map((call) => call.body)).toEqual([{ amount: 26, reason: 'Goodwill' }]);
    expect(await within(dialog).findByText('The refund is more than what is left of the amount paid.')).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'Amount (at most 25.00)' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('spinbutton', { name: 'Amount (at most 25.00)' })).toHaveAccessibleDescription('The refund is more than what is left of the amount paid.');
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Amount (at most 25.00)' }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Amount (at most 25.00)' }), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(/Paid 30\.00, refunded 15\.00, 15\.00 left to refund/)).toBeInTheDocument();
    expect(api.calls('POST /console/orders/47/refunds').at(-1)!.body).toEqual({ amount: 10, reason: 'Goodwill' });
  });

  it('refunds items, the confirm button disabled until the refund is answered', async () => {
    let current = refunds();
    const refunding = heldAnswer(ok({ refund: current.refunds[0], refunds: refunds({ refunded: 25, refundable: 5 }) }, 'Refund made'));
    const api = stubApi({ 'GET /console/orders/47/refunds': () => ok(current), 'POST /console/orders/47/refunds': refunding.responder });
    await renderRefunds();
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Items' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Broken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Choose at least one item.')).toBeInTheDocument();
    expect(api.calls('POST /console/orders/47/refunds')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Brass desk lamp (3 of 3 refundable, 10.00 each)' }), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Refund' })).toBeDisabled());
    expect(api.calls('POST /console/orders/47/refunds')[0]!.body).toEqual({ lines: [{ order_item_id: 5, quantity: 2 }], reason: 'Broken' });
    current = refunds({ refunded: 25, refundable: 5 });
    refunding.release();
    expect(await screen.findByText(/Paid 30\.00, refunded 25\.00, 5\.00 left to refund/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
