// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import type { OrderReturns as Returns } from '../../../shared/returns.contract.ts';
import { renderApp } from '../../test/render-app.tsx';
import { OrderReturns } from './order-returns.tsx';
import { sentence } from '../../../client/test/sentence.ts';

const state = (change: Partial<Returns> = {}): Returns => ({
  window_ends_at: '2026-05-18T09:00:00.000Z',
  can_request: true,
  lines: [
    { order_item_id: 5, name: 'Brass desk lamp', returnable_quantity: 2 },
    { order_item_id: 6, name: 'Lamp shade', returnable_quantity: 0 },
  ],
  returns: [],
  refunds: [],
  refunded_amount: 0,
  ...change,
});

const requested = {
  id: 9,
  status: 'requested' as const,
  reason: 'Cracked',
  photos: [],
  instructions: null,
  rejection_reason: null,
  lines: [{ order_item_id: 5, name: 'Brass desk lamp', sku: 'LAMP-1', thumbnail: '', color: null, size: null, unit_price: 10, quantity: 1, restocked: null }],
  created_at: '2026-05-05T09:00:00.000Z',
  updated_at: '2026-05-05T09:00:00.000Z',
};

describe("a delivered order's returns", () => {
  it('asks for a return of some units with a reason, the server’s refusal shown first, then follows it', async () => {
    let current = state();
    const api = stubApi({
      'GET /orders/12/returns': () => ok(current),
      'POST /orders/12/returns': ({ body }) => {
        const form = body as FormData;
        if (form.get('reason') === '') return refused(422, 'The reason field is required.', { reason: ['The reason field is required.'] });
        current = state({ can_request: true, lines: [{ order_item_id: 5, name: 'Brass desk lamp', returnable_quantity: 1 }], returns: [requested] });
        return { status: 201, body: { message: 'Return requested successfully', data: { return: requested } } };
      },
    });
    renderApp(<OrderReturns orderId={12} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Request a return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a return' });
    expect(within(dialog).queryByRole('combobox', { name: 'Lamp shade' })).toBeNull();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Brass desk lamp' }), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request return' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Reason for the return' })).toHaveAccessibleDescription('The reason field is required.');

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason for the return' }), 'Cracked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request return' }));
    expect(await screen.findByText('Return requested')).toBeInTheDocument();
    const sent = api.calls('POST /orders/12/returns').at(-1)!.body as FormData;
    expect([sent.get('lines'), sent.get('reason')]).toEqual([JSON.stringify([{ order_item_id: 5, quantity: 1 }]), 'Cracked']);
    expect(screen.getByText(sentence('1 × Brass desk lamp'))).toBeInTheDocument();
  });

  it('shows the refunds made and offers no new return once the window has closed', async () => {
    stubApi({
      'GET /orders/12/returns': ok(
        state({
          can_request: false,
          returns: [{ ...requested, status: 'refunded', instructions: 'Post it back' }],
          refunds: [{ id: 3, return_id: 9, amount: 10, reason: 'Returned in good order', method: 'cash', status: 'succeeded', created_at: '2026-05-06T09:00:00.000Z' }],
          refunded_amount: 10,
        }),
      ),
    });
    renderApp(<OrderReturns orderId={12} />);
    expect(await screen.findByText('Return refunded')).toBeInTheDocument();
    expect(screen.getByTestId('refund')).toHaveTextContent(/Refund of .*10\.00 · Refunded/);
    expect(screen.getByText(sentence('How to send it back: Post it back'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a return' })).toBeNull();
  });
});
