// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi, type SeenRequest } from '../../../client/test/api-stub.ts';
import { connectApiClientToConsole } from '../../app/api-session.ts';
import { storeRolePermissions, type ConsoleMe } from '../../../shared/console.contract.ts';
import { consoleOrder as order, consoleOrderRow as orderRow } from '../../test/order-fixtures.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const counts = { pending: 3, confirm: 0, processing: 1500, pickup: 0, on_the_way: 0, delivered: 2, cancelled: 0 };

/** Two pages: the first leads on with cursor `c2`. */
const twoPages = ({ query }: SeenRequest) =>
  query.cursor === 'c2' ? ok({ orders: [orderRow(3, 'Grace Hopper')], next_cursor: null, counts }) : ok({ orders: [orderRow(1), orderRow(2, 'Alan Turing')], next_cursor: 'c2', counts });
const gateways = { 'GET /master': ok({ payment_gateways: [{ id: 1, name: 'cash', title: 'Cash on Delivery', logo: '' }, { id: 2, name: 'stripe', title: 'Card', logo: '' }] }), 'GET /shops': ok({ shops: [] }) };


const supportAgent: ConsoleMe = { ...storeOwner, role: 'support_agent', permissions: [...storeRolePermissions.support_agent] };

describe('the orders list', () => {
  it('shows the status tabs with their counts and asks the server with the filters of the address', async () => {
    const api = stubApi({ 'GET /console/me': ok(storeOwner), ...gateways, 'GET /console/orders': twoPages });
    renderConsole('/orders?status=pending&payment_state=unpaid&search=ada@');
    expect(await screen.findByRole('link', { name: 'OS100001' })).toBeInTheDocument();
    expect(api.calls('GET /console/orders')[0]!.query).toEqual({ status: 'pending', payment_state: 'unpaid', search: 'ada@' });
    expect(screen.getByRole('tab', { name: 'Pending (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Processing (about 1,500)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All (about 1,505)' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('ada@');

    await userEvent.click(screen.getByRole('tab', { name: 'Delivered (2)' }));
    await expect.poll(() => api.calls('GET /console/orders').at(-1)!.query).toEqual({ status: 'delivered', payment_state: 'unpaid', search: 'ada@' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Payment method' }), 'Card');
    await expect.poll(() => api.calls('GET /console/orders').at(-1)!.query).toEqual({ status: 'delivered', payment_state: 'unpaid', search: 'ada@', payment_method: 'stripe' });

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search orders' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'OS100002{Enter}');
    await expect.poll(() => api.calls('GET /console/orders').at(-1)!.query.search).toBe('OS100002');
  });

  it('shows the next keyset page in place of the first and opens an order from its row', async () => {
    const api = stubApi({ 'GET /console/me': ok(storeOwner), ...gateways, 'GET /console/orders': twoPages, 'GET /console/orders/3': ok({ order: order({ ...orderRow(3, 'Grace Hopper') }) }), 'GET /console/audit-log': ok({ entries: [], next_cursor: null }) });
    renderConsole('/orders');
    await screen.findByRole('link', { name: 'OS100001' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'OS100003' })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('link').map((link) => link.textContent)).toEqual(['OS100003']);
    expect(api.calls('GET /console/orders').at(-1)!.query).toEqual({ cursor: 'c2' });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();

    await userEvent.click(screen.getByText('Grace Hopper'));
    expect(await screen.findByRole('heading', { name: 'Order OS100003' })).toBeInTheDocument();
  });
  it('names each order’s payment method by its gateway’s title in the console’s language, asked again when the language changes', async () => {
    connectApiClientToConsole();
    const titles: Record<string, string> = { en: 'Cash on Delivery', ar: 'الدفع عند الاستلام' };
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/orders': twoPages,
      'GET /shops': ok({ shops: [] }),
      'GET /master': ({ headers }) => ok({ payment_gateways: [{ id: 1, name: 'cash', title: titles[headers['Accept-Language']!], logo: '' }] }),
      'GET /lang/ar': { body: { Unpaid: 'غير مدفوع' } },
      'GET /lang/en': { body: {} },
      'PUT /console/me/language': ok({}, 'Language saved'),
    });
    renderConsole('/orders');
    const paymentOf = async (number: string) => within((await screen.findByRole('link', { name: number })).closest('tr')!).getAllByRole('cell').at(-2)!.textContent;
    await expect.poll(() => paymentOf('OS100001')).toBe('Cash on Delivery · Unpaid');

    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'العربية' }));
    await expect.poll(() => paymentOf('OS100001')).toBe('الدفع عند الاستلام · غير مدفوع');
    expect(api.calls('GET /master').map((call) => call.headers['Accept-Language'])).toEqual(['en', 'ar']);

    await userEvent.click(screen.getByRole('button', { name: 'Language: العربية' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    await expect.poll(() => paymentOf('OS100001')).toBe('Cash on Delivery · Unpaid');
  });
});

describe('an order’s page', () => {
  it('shows the lines, customer, address, payment, note and timeline, and moves the order to an allowed status', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/orders/1': ok({ order: order() }),
      'POST /console/orders/1/status': ok({ order: order({ status: 'confirm', next_statuses: ['processing', 'cancelled'] }) }, 'Order status updated successfully'),
      'GET /console/audit-log': ok({ entries: [], next_cursor: null }),
      ...gateways,
    });
    renderConsole('/orders/1');
    expect(await screen.findByRole('heading', { name: 'Order OS100001' })).toBeInTheDocument();
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByRole('link', { name: 'Brass desk lamp' })).toHaveAttribute('href', '/products/40');
    expect(within(items).getByText('LAMP-BR-1')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Customer' })).getByText('ada@example.test')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Delivery address' })).getByText('4B, 12 Market Street')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('12.50 USD')).toBeInTheDocument();
    // The method by the title the store gives its gateway (translated with /api/master), never its code.
    expect(await within(screen.getByRole('region', { name: 'Payment' })).findByText('Cash on Delivery')).toBeInTheDocument();
    expect(screen.getByText('Ring twice.')).toBeInTheDocument();
    const timeline = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem').map((step) => step.textContent);
    expect(timeline[0]).toContain('Ada Lovelace');
    expect(timeline[1]).toContain('The store');

    expect(screen.queryByText('Your role can view this page but not change it.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as Confirmed' }));
    expect(await screen.findByText('Order status updated successfully')).toBeInTheDocument();
    expect(api.calls('POST /console/orders/1/status')[0]!.body).toEqual({ status: 'confirm' });
    expect(await screen.findByRole('button', { name: 'Mark as Processing' })).toBeInTheDocument();
  });

  it('after an action shows the Refunds and History it changed without a reload', async () => {
    let moved = false;
    const refunds = (refunded: number) => ({ paid: 12.5, refunded, refundable: 12.5 - refunded, payment_method: 'cash', payment_status: refunded ? 'refunded' : 'paid', lines: [], refundable_returns: [], refunds: [] });
    const entry = { id: 9, action: 'order.change_status', entity_type: 'order', entity_id: '1', shop_id: 2, actor: { id: 1, name: 'Store Admin', role: 'owner' }, changes: { status: { before: 'pending', after: 'confirm' } }, client_address: null, request_id: null, created_at: '2026-04-01T12:00:00.000Z' };
    stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/orders/1': ok({ order: order() }),
      'GET /console/orders/1/refunds': () => ok(refunds(moved ? 12.5 : 0)),
      'POST /console/orders/1/status': () => ((moved = true), ok({ order: order({ status: 'confirm', next_statuses: ['processing', 'cancelled'] }) }, 'Order status updated successfully')),
      'GET /console/audit-log': () => ok({ entries: moved ? [entry] : [], next_cursor: null }),
    });
    renderConsole('/orders/1');
    const refundsSection = await screen.findByRole('region', { name: 'Refunds' }, { timeout: 5000 });
    expect(await screen.findByText('No history yet.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(refundsSection).toHaveTextContent('Paid 12.50, refunded 0.00, 12.50 left to refund');

    await userEvent.click(screen.getByRole('button', { name: 'Mark as Confirmed' }));
    expect(await screen.findByRole('table', { name: 'History' }, { timeout: 5000 })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('region', { name: 'Refunds' })).toHaveTextContent('Paid 12.50, refunded 12.50, 0.00 left to refund'), { timeout: 5000 });
  });

  it('offers no status buttons to someone who may only read orders', async () => {
    stubApi({ 'GET /console/me': ok(supportAgent), 'GET /console/orders/1': ok({ order: order() }) });
    renderConsole('/orders/1');
    expect(await screen.findByRole('heading', { name: 'Order OS100001' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Change status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as Confirmed' })).not.toBeInTheDocument();
    expect(screen.getByText('Your role can view this page but not change it.')).toBeInTheDocument();
  });

  it('offers the order’s invoice as a download to whoever may read the order', async () => {
    stubApi({ 'GET /console/me': ok(supportAgent), 'GET /console/orders/1': ok({ order: order() }) });
    renderConsole('/orders/1');
    const link = await screen.findByRole('link', { name: 'Download invoice' });
    expect(link).toHaveAttribute('href', '/api/console/orders/1/invoice');
    expect(link).toHaveAttribute('download');
  });
});
