// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../client/test/api-stub.ts';
import { shopOwnerPermissions, type ConsoleMe } from '../../../shared/console.contract.ts';
import type { EarningsAnswer, LedgerEntry } from '../../../shared/earnings.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

/** Tehran keeps +03:30 all year: 22:00 UTC on 4 May is already 5 May on the store's clock. */
const tehranOwner: ConsoleMe = { ...storeOwner, time_zone: 'Asia/Tehran' };
const seller: ConsoleMe = { ...tehranOwner, scope: 'shop', role: 'shop_owner', shop: { id: 2, name: 'Lamp Corner', status: 'approved' }, permissions: [...shopOwnerPermissions] };

const entry = (id: number, extra: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id,
  kind: 'order_earning',
  amount: 18,
  status: 'pending',
  available_at: '2026-05-18T22:00:00.000Z',
  created_at: '2026-05-04T22:00:00.000Z',
  order: { id: 40, order_number: 'ORD-0040' },
  refund_id: null,
  withdrawal_id: null,
  ...extra,
});

const ledger = (extra: Partial<EarningsAnswer> = {}): EarningsAnswer => ({
  shop_id: 2,
  shop_name: 'Lamp Corner',
  balance: { available: 12.5, pending: 18 },
  entries: [entry(3), entry(2, { kind: 'refund', amount: -4.5, status: 'available', refund_id: 8 }), entry(1, { kind: 'refund_returned', amount: 4.5, status: 'available', order: null, refund_id: 8 })],
  next_cursor: null,
  ...extra,
});

const rowTexts = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe("a seller's earnings", () => {
  it('shows the balances and the ledger in words, on the store’s clock, each order linked to its console page', async () => {
    const api = stubApi({ 'GET /console/me': ok(seller), 'GET /console/earnings': ok(ledger()) });
    renderConsole('/earnings');
    expect(await screen.findByRole('heading', { name: 'Earnings' })).toBeInTheDocument();
    const balance = await screen.findByRole('region', { name: 'Balance' });
    expect(within(balance).getByText('12.50')).toBeInTheDocument();
    expect(within(balance).getByText('18.00')).toBeInTheDocument();
    expect(rowTexts()).toEqual([
      ['May 5, 2026', 'Order earning', 'ORD-0040', '18.00', 'Pending until May 19, 2026'],
      ['May 5, 2026', 'Refund', 'ORD-0040', '-4.50', 'Available'],
      ['May 5, 2026', 'Failed refund given back', '', '4.50', 'Available'],
    ]);
    expect(screen.getAllByRole('link', { name: 'ORD-0040' })[0]).toHaveAttribute('href', '/orders/40');
    // A seller's people never name a shop: the server reads their own.
    expect(api.calls('GET /console/earnings')[0]!.query).toEqual({});
    expect(screen.queryByRole('link', { name: 'Back to all shops' })).not.toBeInTheDocument();
  });

  it('shows a negative available balance in red with why, and pages the ledger with the cursor', async () => {
    const api = stubApi({
      'GET /console/me': ok(seller),
      'GET /console/earnings': (request) =>
        request.query.cursor === 'page-2'
          ? ok(ledger({ balance: { available: -6, pending: 0 }, entries: [entry(1, { amount: 9 })], next_cursor: null }))
          : ok(ledger({ balance: { available: -6, pending: 0 }, entries: [entry(2, { kind: 'refund', amount: -15, status: 'available' })], next_cursor: 'page-2' })),
    });
    renderConsole('/earnings');
    const balance = await screen.findByRole('region', { name: 'Balance' });
    expect(within(balance).getByText('-6.00')).toHaveClass('text-red-700');
    expect(within(balance).getByText('Refunds took more than the shop had earned: its next earnings make it up first.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('9.00')).toBeInTheDocument();
    expect(api.calls('GET /console/earnings').at(-1)!.query).toEqual({ cursor: 'page-2' });
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('-15.00')).toBeInTheDocument();
  });

  it('offers the statement of a period as a download, this month on the store’s clock until changed, and says when the period runs backwards', async () => {
    stubApi({ 'GET /console/me': ok(seller), 'GET /console/earnings': ok(ledger()) });
    renderConsole('/earnings');
    const statement = await screen.findByRole('region', { name: 'Statement' });
    const from = within(statement).getByLabelText('From');
    const to = within(statement).getByLabelText('To');
    expect((from as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-01$/);

    await userEvent.clear(from);
    await userEvent.type(from, '2026-05-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-05-31');
    expect(within(statement).getByRole('link', { name: 'Download statement' })).toHaveAttribute('href', '/api/console/earnings/statement.csv?from=2026-05-01&to=2026-05-31');

    await userEvent.clear(to);
    await userEvent.type(to, '2026-04-30');
    expect(within(statement).getByText('The to must be a date after or equal to from.')).toBeInTheDocument();
    expect(within(statement).queryByRole('link', { name: 'Download statement' })).not.toBeInTheDocument();
  });

  it('says when the shop has earned nothing yet', async () => {
    stubApi({ 'GET /console/me': ok(seller), 'GET /console/earnings': ok(ledger({ balance: { available: 0, pending: 0 }, entries: [] })) });
    renderConsole('/earnings');
    expect(await screen.findByText('No earnings yet: an order earns when it is delivered.')).toBeInTheDocument();
  });
});

describe("the store's earnings", () => {
  it('lists every shop’s commission, pending earnings and balance owed with the totals, and opens a shop’s ledger', async () => {
    const api = stubApi({
      'GET /console/me': ok(tehranOwner),
      'GET /console/earnings/shops': ok({
        shops: [
          { shop: { id: 2, name: 'Lamp Corner' }, commission: 3, pending: 18, available: 12.5 },
          { shop: { id: 5, name: 'Tea House' }, commission: 1.5, pending: 0, available: -6 },
        ],
        totals: { commission: 4.5, pending: 18, available: 6.5 },
        next_cursor: null,
      }),
      'GET /console/earnings': ok(ledger()),
    });
    renderConsole('/earnings');
    const totals = await screen.findByRole('region', { name: 'All shops' });
    expect(within(totals).getAllByRole('definition').map((figure) => figure.textContent)).toEqual(['4.50', '18.00', '6.50']);
    expect(rowTexts()).toEqual([
      ['Lamp Corner', '3.00', '18.00', '12.50'],
      ['Tea House', '1.50', '0.00', '-6.00Refunds took more than the shop had earned: its next earnings make it up first.'],
    ]);

    await userEvent.click(screen.getByRole('link', { name: 'Lamp Corner' }));
    expect(await screen.findByRole('heading', { name: 'Earnings of Lamp Corner' })).toBeInTheDocument();
    expect(api.calls('GET /console/earnings')[0]!.query).toEqual({ shop_id: '2' });
    expect(await screen.findByText('Pending until May 19, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download statement' }).getAttribute('href')).toMatch(/^\/api\/console\/earnings\/statement\.csv\?shop_id=2&from=/);
    await userEvent.click(screen.getByRole('link', { name: 'Back to all shops' }));
    expect(await screen.findByRole('heading', { name: 'Earnings' })).toBeInTheDocument();
  });
});
