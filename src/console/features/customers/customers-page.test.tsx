// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import { storeRolePermissions } from '../../../shared/console.contract.ts';
import type { ConsoleCustomerDetail } from '../../../shared/customers-console.contract.ts';
import type { ConsoleCustomer } from '../../../shared/orders-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const row = (overrides: Partial<ConsoleCustomer> = {}): ConsoleCustomer => ({ id: 41, name: 'Ada Lovelace', email: 'ada@example.test', phone: '5550100', created_at: '2026-03-01T08:00:00.000Z', is_blocked: false, ...overrides });

const customer = (overrides: Partial<ConsoleCustomerDetail> = {}): ConsoleCustomerDetail => ({
  id: 41,
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  phone_code: '+1',
  phone: '5550100',
  country: 'United States',
  is_verified: true,
  is_staff: false,
  created_at: '2026-03-01T08:00:00.000Z',
  blocked: null,
  total_spent: 124.5,
  order_count: 2,
  orders: [{ id: 90, order_number: 'OS100090', shop: { id: 1, name: 'Green Leaf' }, status: 'delivered', payment_status: 'paid', payable_amount: 124.5, created_at: '2026-03-02T08:00:00.000Z' }],
  addresses: [],
  tickets: [{ id: 5, ticket_no: 'TCK-ABCDEFGHJK', subject: 'Where is my parcel?', status: 'open', created_at: '2026-03-03T08:00:00.000Z' }],
  ...overrides,
});

describe('the customers page', () => {
  it('searches and filters on the server, keeps the filters in the address, and marks blocked customers', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/customers': ok({ customers: [row(), row({ id: 42, name: 'Bea Blocked', email: 'bea@example.test', is_blocked: true })], next_cursor: null }),
    });
    renderConsole('/customers?search=ada');
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(await within(table).findByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/customers/41');
    expect(within(within(table).getAllByRole('row')[2]!).getByText('Blocked')).toBeInTheDocument();
    expect(api.calls('GET /console/customers')[0]!.query).toMatchObject({ search: 'ada' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Blocked' }), 'Blocked only');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Orders' }), 'Never ordered');
    expect(api.calls('GET /console/customers').at(-1)!.query).toMatchObject({ search: 'ada', blocked: 'true', has_ordered: 'false' });
    expect(api.calls('GET /console/customers').at(-1)!.query).not.toHaveProperty('staff');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Accounts' }), 'Staff and sellers');
    expect(api.calls('GET /console/customers').at(-1)!.query).toMatchObject({ search: 'ada', staff: 'true' });
  });
});

describe('a customer’s page', () => {
  it('shows what was spent, the latest orders linked to their pages and the tickets', async () => {
    stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/customers/41': ok({ customer: customer() }), 'GET /console/audit-log': ok({ entries: [], next_cursor: null }) });
    renderConsole('/customers/41');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    const spending = screen.getByRole('region', { name: 'Spending' });
    expect(within(spending).getAllByText('124.50')).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Latest orders' })).getByRole('link', { name: 'OS100090' })).toHaveAttribute('href', '/orders/90');
    expect(within(screen.getByRole('region', { name: 'Support tickets' })).getByText('Where is my parcel?')).toBeInTheDocument();
  });

  it('shows an order manager, who may read customers but not change them, no account actions and says why', async () => {
    stubApi({ 'GET /console/me': ok({ ...storeOwner, role: 'order_manager', permissions: [...storeRolePermissions.order_manager] }), 'GET /console/customers/41': ok({ customer: customer() }) });
    renderConsole('/customers/41');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Your role can view this page but not change it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /reset code/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'History' })).not.toBeInTheDocument();
  });

  it('blocks only with a reason, then shows the customer blocked and offers unblocking', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/customers/41': ok({ customer: customer() }),
      'GET /console/audit-log': ok({ entries: [], next_cursor: null }),
      'POST /console/customers/41/block': ok({ customer: customer({ blocked: { at: '2026-03-04T08:00:00.000Z', reason: 'Chargebacks' } }) }, 'Customer blocked'),
    });
    renderConsole('/customers/41');
    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Ada Lovelace?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeInTheDocument();
    expect(api.calls('POST /console/customers/41/block')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Chargebacks');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Ada Lovelace is blocked.')).toBeInTheDocument();
    expect(api.calls('POST /console/customers/41/block')[0]!.body).toEqual({ reason: 'Chargebacks' });
    expect(screen.getByRole('note')).toHaveTextContent('Chargebacks');
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send password reset code' })).not.toBeInTheDocument();
  });

  it('sends a password reset code after asking, and says where it went', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/customers/41': ok({ customer: customer() }),
      'GET /console/audit-log': ok({ entries: [], next_cursor: null }),
      'POST /console/customers/41/password-reset': ok({ sent_to: 'a***@example.test' }, 'Password reset code sent'),
    });
    renderConsole('/customers/41');
    await userEvent.click(await screen.findByRole('button', { name: 'Send password reset code' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Send a password reset code to Ada Lovelace?' })).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('A password reset code was sent to a***@example.test.')).toBeInTheDocument();
    expect(api.calls('POST /console/customers/41/password-reset')).toHaveLength(1);
  });

  it('shows the server’s refusal under the reason', async () => {
    stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/customers/41': ok({ customer: customer() }),
      'GET /console/audit-log': ok({ entries: [], next_cursor: null }),
      'POST /console/customers/41/block': refused(422, 'A member of the console staff cannot be blocked; remove them from the staff first.', {
        reason: ['A member of the console staff cannot be blocked; remove them from the staff first.'],
      }),
    });
    renderConsole('/customers/41');
    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Ada Lovelace?' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Rude');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByText('A member of the console staff cannot be blocked; remove them from the staff first.')).toBeInTheDocument();
  });
});
