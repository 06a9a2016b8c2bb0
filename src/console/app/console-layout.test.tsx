// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../client/test/api-stub.ts';
import { storeRolePermissions } from '../../shared/console.contract.ts';
import { CONSOLE_SIGN_IN_URL } from '../../shared/console-sign-in.ts';
import { renderConsole, storeOwner } from '../test/render-console.tsx';

const sidebarEntries = () =>
  within(screen.getByRole('navigation', { name: 'Console pages' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the console', () => {
  it("shows the owner every page in the sidebar, and the content hub's entries", async () => {
    stubApi({ 'GET /console/me': ok(storeOwner) });
    renderConsole('/content');
    expect(await screen.findByRole('heading', { name: 'Content' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Pages/ })).toHaveAttribute('href', '/content/pages');
    expect(screen.getByRole('link', { name: /^FAQ/ })).toHaveAttribute('href', '/content/faq');
    expect(sidebarEntries()).toEqual([
      'Dashboard', 'Products', 'Categories', 'Brands', 'Colours', 'Sizes', 'Units', 'Stock', 'Shops approval', 'Product approval', 'Reviews', 'My shop', 'Orders', 'Returns', 'Earnings', 'Withdrawals',
      'Customers', 'Support tickets', 'Vouchers', 'Flash sales', 'Content', 'Blog', 'Settings', 'Theme', 'Store profile', 'Staff', 'Audit log',
    ]);
    expect(screen.getByRole('link', { name: 'Content' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Content · Console');
  });

  it('offers an order manager only their pages, and no way into the others', async () => {
    stubApi({ 'GET /console/me': ok({ ...storeOwner, role: 'order_manager', permissions: storeRolePermissions.order_manager }) });
    renderConsole('/settings');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(sidebarEntries()).toEqual(['Dashboard', 'Orders', 'Returns', 'Customers', 'Support tickets']);
    await userEvent.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/You work for the store as Order manager\./)).toBeInTheDocument();
  });

  it("greets a seller with their shop and role", async () => {
    stubApi({ 'GET /console/me': ok({ ...storeOwner, scope: 'shop', role: 'shop_owner', shop: { id: 4, name: 'Lamp Corner', status: 'approved' }, permissions: ['shop.profile'] }) });
    renderConsole();
    expect(await screen.findByText('Welcome, Store Admin. You work at Lamp Corner as Shop owner.')).toBeInTheDocument();
    expect(sidebarEntries()).toEqual(['Dashboard', 'My shop']);
  });

  it('switches to Arabic: right to left, its messages, and the choice kept for the next visit', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /lang/ar': { body: { Dashboard: 'لوحة المعلومات', 'Console pages': 'صفحات لوحة الإدارة' } },
      'GET /lang/en': { body: { Dashboard: 'Dashboard', 'Console pages': 'Console pages' } },
      'PUT /console/me/language': ok({}, 'Language saved'),
    });
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Language: English' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'العربية' }));
    expect(await screen.findByRole('heading', { name: 'لوحة المعلومات' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(JSON.parse(localStorage.getItem('console-language')!)).toMatchObject({ state: { locale: 'ar' } });
    expect(api.calls('GET /lang/ar')).toHaveLength(1);
    // Kept for the member too: the store's mails to them are written in it.
    expect(api.calls('PUT /console/me/language').map((call) => call.body)).toEqual([{ locale: 'ar' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Language: العربية' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('asks a visitor to sign in on the storefront, which brings them back', async () => {
    stubApi({ 'GET /console/me': refused(401, 'Unauthenticated.') });
    renderConsole();
    expect(await screen.findByText('Sign in with your staff or seller account to use the console.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', CONSOLE_SIGN_IN_URL);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('tells a signed-in shopper they have no access', async () => {
    stubApi({ 'GET /console/me': refused(403, 'Forbidden.') });
    renderConsole();
    expect(await screen.findByText('You do not have access to the console.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/');
  });

  it('shows the sign-in prompt once the session ends: signing out asks who is signed in again', async () => {
    const api = stubApi({ 'GET /console/me': ok(storeOwner), 'GET /logout': ok(null, 'Logged out') });
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'Store Admin' }));
    api.answer({ 'GET /console/me': refused(401, 'Unauthenticated.') });
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.calls('GET /logout')).toHaveLength(1);
  });
});
