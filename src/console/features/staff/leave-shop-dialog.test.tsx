// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import { shopOwnerPermissions, type ConsoleMe } from '../../../shared/console.contract.ts';
import { STORE_NOTICE_KEY } from '../../../shared/console-sign-in.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const shopStaff: ConsoleMe = {
  ...storeOwner,
  user: { id: 31, name: 'Sam Shelf', email: 'sam@example.test' },
  scope: 'shop',
  role: 'shop_staff',
  shop: { id: 4, name: 'Lamp Corner', status: 'approved' },
  permissions: ['orders.read'],
};

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('leaving a shop', () => {
  it("lets a shop's staff member leave after asking; they land on the storefront, which says so", async () => {
    const api = stubApi({ 'GET /console/me': ok(shopStaff), 'DELETE /console-membership': ok({}, 'You left the console') });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderConsole('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sam Shelf' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Leave this shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Lamp Corner?' });
    expect(within(dialog).getByText('You will no longer open its console. Your account stays yours, as a shopper; only a new invitation brings you back.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('DELETE /console-membership')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Sam Shelf' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Leave this shop' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave Lamp Corner?' })).getByRole('button', { name: 'Leave the shop' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.calls('DELETE /console-membership')).toHaveLength(1);
    expect(sessionStorage.getItem(STORE_NOTICE_KEY)).toBe('You left the console');
  });

  it('keeps the dialog open and says why when leaving is refused', async () => {
    stubApi({ 'GET /console/me': ok(shopStaff), 'DELETE /console-membership': refused(422, 'You are not a member of a console.') });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderConsole('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sam Shelf' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Leave this shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Lamp Corner?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave the shop' }));
    expect(await screen.findByText('You are not a member of a console.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(STORE_NOTICE_KEY)).toBeNull();
  });

  it("is not offered to a shop's owner", async () => {
    stubApi({ 'GET /console/me': ok({ ...shopStaff, role: 'shop_owner', permissions: shopOwnerPermissions }) });
    renderConsole('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sam Shelf' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Leave this shop' })).not.toBeInTheDocument();
  });
});
