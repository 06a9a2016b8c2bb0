// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi, type SeenRequest } from '../../../client/test/api-stub.ts';
import type { StockMovement, StockVariant } from '../../../shared/catalog-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const variant = (id: number, name: string, stock: number, extra: Partial<StockVariant> = {}): StockVariant => ({
  id,
  product: { id: id * 10, name, status: 'active' },
  shop: { id: 2, name: 'Lamp Corner' },
  sku: `SKU-${id}`,
  color: 'Red',
  size: null,
  stock,
  low_stock: stock <= 5,
  ...extra,
});

const stockList = ({ query }: SeenRequest) =>
  ok({
    variants: query.low_stock === 'true' ? [variant(1, 'Desk lamp', 2)] : [variant(1, 'Desk lamp', 2), variant(2, 'Floor lamp', 40)],
    low_stock_threshold: 5,
    next_cursor: null,
  });

const movement = (id: number, change: number, stockAfter: number, extra: Partial<StockMovement> = {}): StockMovement => ({
  id,
  change,
  stock_after: stockAfter,
  reason: 'adjustment',
  reference: null,
  note: null,
  actor: { id: 1, name: 'Store Admin' },
  created_at: '2026-03-01T10:00:00.000Z',
  ...extra,
});

describe('the stock page', () => {
  it('lists variants with their low-stock mark, and filters and searches on the server', async () => {
    const api = stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/stock': stockList });
    renderConsole('/stock');
    const table = await screen.findByRole('table', { name: 'Stock' });
    expect(await within(table).findByRole('link', { name: 'Desk lamp' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Low stock');
    expect(rows[2]).not.toHaveTextContent('Low stock');
    expect(screen.getByText('Low stock means 5 units or fewer.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Low stock only' }));
    await screen.findByRole('button', { name: 'Low stock only', pressed: true });
    await expect.poll(() => within(screen.getByRole('table', { name: 'Stock' })).queryByRole('link', { name: 'Floor lamp' })).toBeNull();
    expect(api.calls('GET /console/stock').at(-1)!.query).toEqual({ low_stock: 'true' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by product name or the start of a SKU' }), 'desk{Enter}');
    await expect.poll(() => api.calls('GET /console/stock').at(-1)!.query).toEqual({ low_stock: 'true', search: 'desk' });
  });

  it('sets a new quantity or moves units through the ledger, a reason required', async () => {
    let stock = 2;
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/stock': () => ok({ variants: [variant(1, 'Desk lamp', stock)], low_stock_threshold: 5, next_cursor: null }),
      'POST /console/products/10/variants/1/stock': ({ body }) => {
        stock += (body as { change: number }).change;
        return ok({ variant: {}, product_stock: stock }, 'Stock adjusted');
      },
    });
    renderConsole('/stock');
    const quantity = await screen.findByRole('spinbutton', { name: 'New quantity of SKU-1' });
    await userEvent.type(quantity, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save the stock of SKU-1' }));
    expect(await screen.findByText('The reason field is required.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Reason for SKU-1' })).toHaveAttribute('aria-invalid', 'true');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Reason for SKU-1' }), 'Restock');
    await userEvent.click(screen.getByRole('button', { name: 'Save the stock of SKU-1' }));
    expect(await screen.findByText('Stock adjusted')).toBeInTheDocument();
    expect(api.calls('POST /console/products/10/variants/1/stock')[0]!.body).toEqual({ change: 10, reason: 'restock' });
    await expect.poll(() => screen.getByRole('link', { name: 'Desk lamp' }).closest('tr')?.textContent).not.toContain('Low stock');
    const row = screen.getByRole('link', { name: 'Desk lamp' }).closest('tr')!;
    expect(within(row).getByRole('spinbutton', { name: 'New quantity of SKU-1' })).toHaveValue(null);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'How to change the stock of SKU-1' }), 'Add or remove');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Units to add or remove for SKU-1' }), '-13');
    const reasons = screen.getByRole('combobox', { name: 'Reason for SKU-1' });
    expect(within(reasons).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a reason', 'Restock', 'Adjustment', 'Damaged', 'Lost', 'Found', 'Returned', 'Correction']);
    await userEvent.selectOptions(reasons, 'Damaged');
    await userEvent.click(screen.getByRole('button', { name: 'Save the stock of SKU-1' }));
    expect(await screen.findByText('The stock cannot go below 0.')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Units to add or remove for SKU-1' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Units to add or remove for SKU-1' }), '-12');
    await userEvent.type(screen.getByRole('textbox', { name: 'Note for SKU-1 (optional)' }), 'Water leak in aisle 3');
    await userEvent.click(screen.getByRole('button', { name: 'Save the stock of SKU-1' }));
    await expect.poll(() => api.calls('POST /console/products/10/variants/1/stock').at(-1)!.body).toEqual({ change: -12, reason: 'damaged', note: 'Water leak in aisle 3' });
  });

  it("shows a variant's history, newest first, with older movements on demand", async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/stock': stockList,
      'GET /console/products/10/variants/1/movements': ({ query }) =>
        query.cursor === 'm2'
          ? ok({ movements: [movement(1, 10, 10, { reason: 'import', actor: null })], next_cursor: null })
          : ok({ movements: [movement(3, -3, 2, { reason: 'lost', note: 'Not on the shelf at the count' }), movement(2, 5, 5, { reason: 'restock', reference: 'PO-17' })], next_cursor: 'm2' }),
    });
    renderConsole('/stock');
    await userEvent.click(await screen.findByRole('button', { name: 'Stock history of SKU-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stock history of SKU-1' });
    const history = await within(dialog).findByRole('table', { name: 'Stock history of SKU-1' });
    await within(history).findByText('PO-17');
    const cells = () => within(history).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent));
    expect(cells()).toEqual([
      ['−3', '2', 'Lost', 'Not on the shelf at the count', '—', 'Store Admin'],
      ['+5', '5', 'Restock', '—', 'PO-17', 'Store Admin'],
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await within(history).findByText('System');
    expect(cells().at(-1)).toEqual(['+10', '10', 'Import', '—', '—', 'System']);
    expect(api.calls('GET /console/products/10/variants/1/movements').at(-1)!.query).toEqual({ cursor: 'm2' });
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('offers no stock changes to a person who may only read the catalogue', async () => {
    stubApi({ 'GET /console/me': ok({ ...storeOwner, role: 'support_agent', permissions: ['catalogue.read'] }), 'GET /console/stock': stockList });
    renderConsole('/stock');
    await screen.findByRole('link', { name: 'Desk lamp' });
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stock history of SKU-1' })).toBeInTheDocument();
  });
});
