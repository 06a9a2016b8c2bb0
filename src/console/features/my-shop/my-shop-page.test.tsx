// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import type { ShopProfile } from '../../../shared/shops.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const profile: ShopProfile = {
  id: 4,
  name: 'Lamp Corner',
  slug: 'lamp-corner',
  logo: '',
  banner: '',
  description: 'Lamps.',
  address: '1 Light Street',
  phone: '5550100000',
  email: 'lamps@example.test',
  delivery_charge: 3,
  status: 'rejected',
  status_reason: 'The logo is blurry.',
  created_at: '2026-03-01T08:00:00.000Z',
};

const seller = { ...storeOwner, scope: 'shop' as const, role: 'shop_owner' as const, shop: { id: 4, name: 'Lamp Corner', status: 'rejected' as const }, permissions: ['shop.profile' as const] };

describe('my shop', () => {
  it("shows why the shop was rejected, checks the delivery charge as a decimal and saves the profile, the server's 422 under its field", async () => {
    const api = stubApi({
      'GET /console/me': ok(seller),
      'GET /console/shop': ok({ shop: profile }),
      'PATCH /console/shop': refused(422, 'The given data was invalid.', { shop_email: ['The shop email must be a valid email address.'] }),
    });
    renderConsole('/shop');
    expect(await screen.findByText('Reason: The logo is blurry.')).toBeInTheDocument();
    expect(screen.getByText('Status: Rejected')).toBeInTheDocument();
    expect(screen.getByLabelText('Delivery Charge')).toHaveValue('3.00');

    await userEvent.clear(screen.getByLabelText('Delivery Charge'));
    await userEvent.type(screen.getByLabelText('Delivery Charge'), '4.555');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The delivery charge must have at most 2 decimal places.')).toBeInTheDocument();
    expect(api.calls('PATCH /console/shop')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Delivery Charge'));
    await userEvent.type(screen.getByLabelText('Delivery Charge'), '4.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The shop email must be a valid email address.')).toBeInTheDocument();
    const sent = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'PATCH')![1]!.body as FormData;
    expect(sent.get('delivery_charge')).toBe('4.5');
    expect(sent.get('shop_name')).toBe('Lamp Corner');

    api.answer({ 'PATCH /console/shop': ok({ shop: { ...profile, status: 'pending', status_reason: null, delivery_charge: 4.5 } }, 'Shop updated') });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The shop profile is saved.')).toBeInTheDocument();
    expect(await screen.findByText('Status: Pending')).toBeInTheDocument();
  });

  it("tells the store's staff to open a shop from the approvals", async () => {
    stubApi({ 'GET /console/me': ok(storeOwner) });
    renderConsole('/shop');
    expect(await screen.findByText('Your account works for the store, not a shop: open a shop from the shops approval page.')).toBeInTheDocument();
  });
});
