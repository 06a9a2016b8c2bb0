// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import { storeRolePermissions } from '../../../shared/console.contract.ts';
import type { ConsoleSettings } from '../../../shared/settings-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const settings: ConsoleSettings = {
  multi_vendor: true,
  guest_checkout: false, seller_registration: true, product_approval: false, sellers_moderate_reviews: false, low_stock_threshold: 5,
  return_window_days: 14,
  guest_order_link_days: 90,
  time_zone: 'UTC',
};

describe('the settings page', () => {
  it('saves a section’s changed settings only, and shows a refused value under its field', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/settings': ok({ settings }),
      'PATCH /console/settings': ({ body }) =>
        (body as Partial<ConsoleSettings>).return_window_days === 400
          ? refused(422, 'The return window must not be greater than 365 days.', { return_window_days: ['The return window must not be greater than 365 days.'] })
          : ok({ settings: { ...settings, ...(body as object) } }, 'Settings updated'),
    });
    renderConsole('/settings');
    const sellers = await screen.findByRole('form', { name: 'Sellers' }, { timeout: 5000 });
    await userEvent.click(within(sellers).getByRole('switch', { name: 'Product approval' }));
    await userEvent.click(within(sellers).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings updated')).toBeInTheDocument();
    expect(api.calls('PATCH /console/settings').map((call) => call.body)).toEqual([{ product_approval: true }]);
    expect(within(sellers).getByRole('switch', { name: 'Product approval' })).toBeChecked();

    const returns = screen.getByRole('form', { name: 'Returns' });
    const days = within(returns).getByLabelText('Return window (days)');
    await userEvent.clear(days);
    await userEvent.type(days, '400');
    await userEvent.click(within(returns).getByRole('button', { name: 'Save' }));
    expect(await within(returns).findByText('The return window must not be greater than 365 days.')).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes how many days a guest’s order link opens the order', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/settings': ok({ settings }),
      'PATCH /console/settings': ({ body }) => ok({ settings: { ...settings, ...(body as object) } }, 'Settings updated'),
    });
    renderConsole('/settings');
    const checkout = await screen.findByRole('form', { name: 'Checkout' }, { timeout: 5000 });
    const days = within(checkout).getByLabelText('Guest order links (days)');
    expect(days).toHaveValue(90);
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await userEvent.click(within(checkout).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PATCH /console/settings').map((call) => call.body)).toEqual([{ guest_order_link_days: 30 }]));
    expect(days).toHaveValue(30);
  });

  it('changes the store’s time zone with a select of the IANA zones', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/settings': ok({ settings }),
      'PATCH /console/settings': ({ body }) => ok({ settings: { ...settings, ...(body as object) } }, 'Settings updated'),
    });
    renderConsole('/settings');
    const store = await screen.findByRole('form', { name: 'Store' }, { timeout: 5000 });
    const zone = within(store).getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('UTC');
    await userEvent.selectOptions(zone, 'Asia/Tehran');
    await userEvent.click(within(store).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PATCH /console/settings').map((call) => call.body)).toEqual([{ time_zone: 'Asia/Tehran' }]));
    expect(zone).toHaveValue('Asia/Tehran');
  });

  it('is not offered to staff without the settings permission', async () => {
    stubApi({ 'GET /console/me': ok({ ...storeOwner, role: 'order_manager', permissions: [...storeRolePermissions.order_manager] }) });
    renderConsole('/settings');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
