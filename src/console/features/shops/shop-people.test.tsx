// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../../client/test/api-stub.ts';
import { storeRolePermissions, type ConsoleMe, type StaffList } from '../../../shared/console.contract.ts';
import type { ShopApplication } from '../../../shared/shops.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const shop: ShopApplication = {
  id: 7,
  name: 'Fern & Clay',
  slug: 'fern-clay',
  logo: '',
  banner: '',
  description: '',
  address: '4 Potter Lane',
  phone: '5550198765',
  email: 'shop@example.test',
  delivery_charge: 4.5,
  status: 'approved',
  status_reason: null,
  created_at: '2026-03-01T08:00:00.000Z',
  owner: { id: 30, name: 'Fiona Fern', email: 'fiona@example.test' },
  commission_rate: null,
};

const people: StaffList = {
  staff: [
    { id: 30, name: 'Fiona Fern', email: 'fiona@example.test', role: 'shop_owner', permissions: ['orders.read'], created_at: '2026-03-01T08:00:00.000Z' },
    { id: 31, name: 'Sam Shelf', email: 'sam@example.test', role: 'shop_staff', permissions: ['orders.read', 'support.read'], created_at: '2026-03-02T08:00:00.000Z' },
  ],
  invitations: [{ id: 9, email: 'ivy@example.test', name: 'Ivy', role: 'shop_staff', permissions: ['catalogue.read'], expires_at: '2026-03-09T08:00:00.000Z', created_at: '2026-03-02T08:00:00.000Z' }],
};

/** The store's owner (unless told) on the shops page, with the shop and its people, and the writes given. */
const stubShopPeople = (writes: Parameters<typeof stubApi>[0], me: ConsoleMe = storeOwner) =>
  stubApi({ 'GET /console/me': ok(me), 'GET /console/shop-applications': ok({ shops: [shop], next_cursor: null }), 'GET /console/staff': ok(people), ...writes });

describe("a shop's people on the shops page", () => {
  it("shows the store's owner the shop's members and invitations, and removes a member after asking", async () => {
    const api = stubShopPeople({ 'DELETE /console/staff/31': ok({}, 'Staff member removed') });
    renderConsole('/shops?status=approved');
    const toggle = await screen.findByRole('button', { name: 'People of Fern & Clay' });
    expect(api.calls('GET /console/staff')).toHaveLength(0);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = await screen.findByRole('table', { name: 'People of Fern & Clay' });
    expect(await within(table).findByRole('cell', { name: 'Sam Shelf' })).toBeInTheDocument();
    expect(api.calls('GET /console/staff')[0]!.query).toEqual({ shop_id: '7' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Fiona Fern', 'fiona@example.test', 'Shop owner', 'Member', ''],
      ['Sam Shelf', 'sam@example.test', 'See orders, See support tickets', 'Member', 'Remove'],
      ['Ivy', 'ivy@example.test', 'See products', 'Invited, until Mar 9, 2026', 'Withdraw'],
    ]);
    // A shop's owner is never removed.
    expect(within(table).queryByRole('button', { name: 'Remove Fiona Fern' })).not.toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Remove Sam Shelf' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Sam Shelf' });
    expect(within(dialog).getByText('The console closes to them at once. Their account stays a shopper’s, still signed in.')).toBeInTheDocument();
    api.answer({ 'GET /console/staff': ok({ ...people, staff: people.staff.slice(0, 1) }) });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Sam Shelf is removed.')).toBeInTheDocument();
    expect(api.calls('DELETE /console/staff/31')).toHaveLength(1);
    await vi.waitFor(() => expect(within(table).queryByRole('cell', { name: 'Sam Shelf' })).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('withdraws an invitation after asking', async () => {
    const api = stubShopPeople({ 'DELETE /console/staff/invitations/9': ok({}, 'Invitation withdrawn') });
    renderConsole('/shops?status=approved');
    await userEvent.click(await screen.findByRole('button', { name: 'People of Fern & Clay' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw the invitation to ivy@example.test' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw the invitation to ivy@example.test?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The invitation to ivy@example.test is withdrawn.')).toBeInTheDocument();
    expect(api.calls('DELETE /console/staff/invitations/9')).toHaveLength(1);
  });

  it('offers neither the people nor their Remove buttons to the store’s staff without the staff permission', async () => {
    const api = stubShopPeople({}, { ...storeOwner, role: 'catalogue_manager', permissions: [...storeRolePermissions.catalogue_manager] });
    renderConsole('/shops?status=approved');
    const row = await screen.findByRole('row', { name: /Fern & Clay/ });
    expect(within(row).getAllByRole('button').map((button) => button.textContent)).toEqual(['Suspend', 'Commission of Fern & Clay', 'History']);
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(api.calls('GET /console/staff')).toHaveLength(0);
  });
});
