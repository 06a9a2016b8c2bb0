// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../client/test/api-stub.ts';
import type { DashboardAnswer } from '../../../shared/dashboard.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const answer = (extra: Partial<DashboardAnswer> = {}): DashboardAnswer => ({
  shop_id: null,
  from: '2026-05-01',
  to: '2026-05-07',
  previous_from: '2026-04-24',
  previous_to: '2026-04-30',
  time_zone: 'UTC',
  currency: 'USD',
  figures: {
    revenue: { current: 1250, previous: 1000 },
    orders: { current: 10, previous: 10 },
    average_order_value: { current: 125, previous: 100 },
    new_customers: { current: 3, previous: 0 },
    refunds: { current: 30, previous: 40 },
    commission: { current: 125, previous: 100 },
  },
  series: [
    { day: '2026-05-06', revenue: 250, orders: 2, refunds: 0 },
    { day: '2026-05-07', revenue: 1000, orders: 8, refunds: 30 },
  ],
  orders_by_status: [
    { status: 'delivered', orders: 7 },
    { status: 'cancelled', orders: 1 },
  ],
  top_products: [{ id: 4, name: 'Desk lamp', units: 12, revenue: 600 }],
  top_shops: [{ id: 2, name: 'Lamp Corner', orders: 10, revenue: 1250 }],
  low_stock: [{ product_id: 4, product: 'Desk lamp', sku: 'LAMP-1', stock: 2 }],
  work_waiting: { shop_applications: 2, product_approvals: 1, returns: 0, tickets: 5, withdrawals: null },
  balance: null,
  withdrawals: null,
  ...extra,
});

describe('the dashboard', () => {
  it("shows the period's figures against the period before, its charts as tables, the best sellers and the work waiting", async () => {
    stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/dashboard': ok(answer()) });
    renderConsole('/');
    const figures = await screen.findByRole('region', { name: '2026-05-01 to 2026-05-07, in USD' });
    const revenue = within(figures).getByText('Revenue').parentElement!;
    expect(revenue).toHaveTextContent('1,250.00');
    expect(revenue).toHaveTextContent('Up 25% from the period before');
    expect(within(figures).getByText('Orders').parentElement).toHaveTextContent('No change from the period before');
    expect(within(figures).getByText('Refunds').parentElement).toHaveTextContent('Down 25% from the period before');
    expect(within(figures).getByText('New customers').parentElement).toHaveTextContent('New since the period before');

    // The charts come with the charting library, loaded with the dashboard only.
    const byDay = await screen.findByRole('table', { name: 'Revenue by day' }, { timeout: 15_000 });
    expect(within(byDay).getAllByRole('row').map((row) => row.textContent)).toEqual(['DayRevenueOrdersRefunds', '2026-05-06250.0020.00', '2026-05-071,000.00830.00']);
    expect(within(screen.getByRole('table', { name: 'Orders by status' })).getAllByRole('row').map((row) => row.textContent)).toEqual(['StatusOrders', 'Delivered7', 'Cancelled1']);

    expect(screen.getByRole('heading', { name: 'Top shops' }).parentElement).toHaveTextContent('Lamp Corner1,250.00 · Orders: 10');
    const waiting = screen.getByRole('heading', { name: 'Work waiting' }).parentElement!;
    expect(waiting).toHaveTextContent('Shop applications2Product approvals1Returns requested0Open tickets5');
    expect(waiting).not.toHaveTextContent('Withdrawals waiting');
  });

  it('asks for today, the last 30 days or chosen days', async () => {
    const api = stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/dashboard': ok(answer()) });
    renderConsole('/');
    await screen.findByRole('table', { name: 'Revenue by day' }, { timeout: 15_000 });
    expect(api.calls('GET /console/dashboard').at(-1)!.query).toEqual({ range: '7d' });
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    await expect.poll(() => api.calls('GET /console/dashboard').at(-1)!.query).toEqual({ range: 'today' });

    await userEvent.click(screen.getByRole('button', { name: 'Chosen days' }));
    await userEvent.type(screen.getByLabelText('From'), '2026-04-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-04-15');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await expect.poll(() => api.calls('GET /console/dashboard').at(-1)!.query).toEqual({ range: 'custom', from: '2026-04-01', to: '2026-04-15' });
  });

  it("shows a seller their shop's balance and no top shops", async () => {
    const seller = { ...storeOwner, scope: 'shop' as const, role: 'shop_owner' as const, shop: { id: 2, name: 'Lamp Corner', status: 'approved' as const } };
    stubApi({ 'GET /console/me': ok(seller), 'GET /console/dashboard': ok(answer({ shop_id: 2, top_shops: [], balance: { available: 80, pending: 20.5 } })) });
    renderConsole('/');
    const figures = await screen.findByRole('region', { name: '2026-05-01 to 2026-05-07, in USD' });
    expect(within(figures).getByText('Pending earnings').parentElement).toHaveTextContent('20.50');
    expect(screen.queryByRole('heading', { name: 'Top shops' })).not.toBeInTheDocument();
  });

  it('shows no dashboard to a member who reads no orders', async () => {
    const editor = { ...storeOwner, role: 'content_editor' as const, permissions: ['content.write' as const, 'catalogue.read' as const] };
    const api = stubApi({ 'GET /console/me': ok(editor) });
    renderConsole('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Last 7 days' })).not.toBeInTheDocument();
    expect(api.calls('GET /console/dashboard')).toEqual([]);
  });
});
