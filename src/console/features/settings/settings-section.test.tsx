// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import type { ConsoleLanguage, ConsoleSettings, LanguageChange } from '../../../shared/settings-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const settings: ConsoleSettings = {
  multi_vendor: true,
  guest_checkout: false,
  seller_registration: true,
  product_approval: false,
  sellers_moderate_reviews: false,
  low_stock_threshold: 5,
  return_window_days: 14,
  guest_order_link_days: 90,
  time_zone: 'UTC',
};

const languages: ConsoleLanguage[] = [
  { id: 1, name: 'en', title: 'English', direction: 'ltr', is_active: true, is_default: true },
  { id: 2, name: 'ar', title: 'العربية', direction: 'rtl', is_active: true, is_default: false },
  { id: 3, name: 'ir', title: 'فارسی', direction: 'rtl', is_active: false, is_default: false },
];

/** The languages after a change, as the API would answer them. */
const changed = ({ name, is_active, is_default }: LanguageChange) =>
  languages.map((language) => ({
    ...language,
    is_active: language.name === name ? (is_active ?? language.is_active) : language.is_active,
    is_default: is_default ? language.name === name : language.is_default,
  }));

describe('the settings area', () => {
  it('opens on the Store section, with the sections’ nav, and switches multi-vendor off', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/settings': ok({ settings }),
      'PATCH /console/settings': ({ body }) => ok({ settings: { ...settings, ...(body as object) } }, 'Settings updated'),
    });
    renderConsole('/settings');
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' }, { timeout: 5000 });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Store', 'Languages', 'Currencies', 'Delivery & tax', 'Commission & payouts', 'Payments and sign-in']);
    const sellers = await screen.findByRole('form', { name: 'Sellers' });
    expect(within(nav).getByRole('link', { name: 'Store' })).toHaveAttribute('aria-current', 'page');
    const multiVendor = within(sellers).getByRole('switch', { name: 'Multi-vendor' });
    expect(multiVendor).toBeChecked();
    await userEvent.click(multiVendor);
    await userEvent.click(within(sellers).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings updated')).toBeInTheDocument();
    expect(api.calls('PATCH /console/settings').map((call) => call.body)).toEqual([{ multi_vendor: false }]);
    expect(multiVendor).not.toBeChecked();
  });

  it('lists the languages: enables and disables one, makes an enabled one the default, and shows a refusal by its language', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/languages': ok({ languages }),
      'PATCH /console/languages': ({ body }) => {
        const change = body as LanguageChange;
        return change.name === 'ar' && change.is_default
          ? refused(422, 'Only an enabled language can be the default.', { is_default: ['Only an enabled language can be the default.'] })
          : ok({ languages: changed(change) }, 'Languages updated');
      },
    });
    renderConsole('/settings');
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' }, { timeout: 5000 });
    await userEvent.click(within(nav).getByRole('link', { name: 'Languages' }));
    const list = await screen.findByRole('region', { name: 'Languages' });

    expect(within(list).getByRole('switch', { name: 'Enabled: English' })).toBeDisabled();
    expect(within(list).getByText('Default language')).toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: 'Make default' }).map((button) => (button as HTMLButtonElement).disabled)).toEqual([false, true]);

    await userEvent.click(within(list).getByRole('switch', { name: 'Enabled: فارسی' }));
    expect(await screen.findByText('Languages updated')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getByRole('switch', { name: 'Enabled: فارسی' })).toBeChecked());

    await userEvent.click(within(list).getAllByRole('button', { name: 'Make default' })[0]!);
    expect(await within(list).findByRole('alert')).toHaveTextContent('Only an enabled language can be the default.');
    expect(api.calls('PATCH /console/languages').map((call) => call.body)).toEqual([
      { name: 'ir', is_active: true },
      { name: 'ar', is_default: true },
    ]);
  });

  it('is not offered to staff without the settings permission', async () => {
    stubApi({ 'GET /console/me': ok({ ...storeOwner, role: 'order_manager', permissions: ['orders.read'] }) });
    renderConsole('/settings/languages');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
