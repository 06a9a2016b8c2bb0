// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../client/test/api-stub.ts';
import type { ShopApplication } from '../../../shared/shops.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const shop = (overrides: Partial<ShopApplication> = {}): ShopApplication => ({
  id: 7,
  name: 'Fern & Clay',
  slug: 'fern-clay',
  logo: '',
  banner: '',
  description: 'Ferns and pots.',
  address: '4 Potter Lane',
  phone: '5550198765',
  email: 'shop@example.test',
  delivery_charge: 4.5,
  status: 'pending',
  status_reason: null,
  created_at: '2026-03-01T08:00:00.000Z',
  owner: { id: 30, name: 'Fiona Fern', email: 'fiona@example.test' },
  commission_rate: null,
  ...overrides,
});

describe('the shops approval page', () => {
  it('rejects a pending shop only with a reason, from a dialog, and says so', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/shop-applications': ok({ shops: [shop()], next_cursor: null }),
      'POST /console/shops/7/reject': ok({ shop: shop({ status: 'rejected', status_reason: 'Blurry logo' }) }, 'Shop rejected'),
    });
    renderConsole('/shops');
    const card = await screen.findByRole('row', { name: /Fern & Clay/ });
    expect(screen.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
    expect(within(card).getByText('Fiona Fern <fiona@example.test>')).toBeInTheDocument();
    expect(within(card).getByText('4.50')).toBeInTheDocument();
    expect(within(card).getAllByRole('button').map((button) => button.textContent)).toEqual(['Approve', 'Reject', 'Commission of Fern & Clay', 'History', 'People of Fern & Clay']);

    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Fern & Clay?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeInTheDocument();
    expect(api.calls('POST /console/shops/7/reject')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Blurry logo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Fern & Clay is rejected.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('POST /console/shops/7/reject')[0]!.body).toEqual({ reason: 'Blurry logo' });
  });

  it('approves without a reason, moves between status tabs with the arrow keys and shows a shop’s history', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/shop-applications': ok({ shops: [shop()], next_cursor: null }),
      'POST /console/shops/7/approve': ok({ shop: shop({ status: 'approved' }) }, 'Shop approved'),
      'GET /console/audit-log': ok({
        entries: [{ id: 3, action: 'shop.apply', entity_type: 'shop', entity_id: '7', shop_id: 7, actor: { id: 30, name: 'Fiona Fern', role: 'shop_owner' }, changes: {}, client_address: null, request_id: null, created_at: '2026-03-01T08:00:00.000Z' }],
        next_cursor: null,
      }),
    });
    renderConsole('/shops');
    const card = await screen.findByRole('row', { name: /Fern & Clay/ });
    await userEvent.click(within(card).getByRole('button', { name: 'History' }));
    expect(await within(card).findByText('Shop application sent')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Fern & Clay?' });
    expect(within(dialog).queryByLabelText('Reason')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Fern & Clay is approved.')).toBeInTheDocument();
    expect(api.calls('POST /console/shops/7/approve')).toHaveLength(1);

    screen.getByRole('tab', { name: 'Pending' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Approved' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Approved' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe("a shop's commission rate", () => {
  it('shows the default and the store’s rate when the shop has none, refuses a third decimal, sets 7.5 % and clears it again', async () => {
    let current = shop({ status: 'approved' });
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/shop-applications': () => ok({ shops: [current], next_cursor: null }),
      'PUT /console/shops/7/commission': ({ body }) => {
        current = { ...current, ...(body as { commission_rate: number | null }) };
        return ok({ shop: current }, 'Shop commission saved');
      },
    });
    renderConsole('/shops?status=approved');
    const card = await screen.findByRole('row', { name: /Fern & Clay/ });
    expect(within(card).getByText('Commission: the default')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Commission of Fern & Clay' }));
    const form = within(card).getByRole('form', { name: 'Commission of Fern & Clay' });
    expect(within(form).getByText('Empty: each product’s category rate, else the store default, 10 %.')).toBeInTheDocument();
    const rate = within(form).getByLabelText('Commission rate (%)');
    await userEvent.type(rate, '7.555');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The commission rate must have at most 2 decimal places.')).toBeInTheDocument();
    expect(api.calls('PUT /console/shops/7/commission')).toHaveLength(0);

    await userEvent.clear(rate);
    await userEvent.type(rate, '7.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Shop commission saved')).toBeInTheDocument();
    expect(api.calls('PUT /console/shops/7/commission').at(-1)?.body).toEqual({ commission_rate: 7.5 });
    expect(await within(card).findByText('Commission: 7.5 %')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Commission of Fern & Clay' }));
    const again = within(card).getByRole('form', { name: 'Commission of Fern & Clay' });
    expect(within(again).getByLabelText('Commission rate (%)')).toHaveValue(7.5);
    await userEvent.clear(within(again).getByLabelText('Commission rate (%)'));
    await userEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /console/shops/7/commission').at(-1)?.body).toEqual({ commission_rate: null }));
    expect(await within(card).findByText('Commission: the default')).toBeInTheDocument();
  });
});
