import type { ConsoleOrder, ConsoleOrderRow } from '../../shared/orders-console.contract.ts';

/** A row of the console's order list, as the server answers it. */
export const consoleOrderRow = (id: number, customer = 'Ada Lovelace'): ConsoleOrderRow => ({
  id,
  order_number: `OS${100000 + id}`,
  status: 'pending',
  payment_method: 'cash',
  payment_status: 'pending',
  payable_amount: 12.5,
  shop: { id: 2, name: 'Lamp Corner' },
  customer: { id: 9, name: customer, email: 'ada@example.test', phone: '2025550123' },
  created_at: '2026-04-01T10:00:00.000Z',
});

/** A pending cash order with one line of two lamps, as `GET /console/orders/{id}` answers it. */
export const consoleOrder = (change: Partial<ConsoleOrder> = {}): ConsoleOrder => ({
  ...consoleOrderRow(1),
  next_statuses: ['confirm', 'cancelled'],
  lines: [{ id: 5, product_id: 40, variant_id: 41, name: 'Brass desk lamp', sku: 'LAMP-BR-1', thumbnail: '', color: 'Brass', size: null, unit: 'pc', unit_price: 5, quantity: 2, line_total: 10, tax_rate: 0, tax_amount: 0, shipped_quantity: 0 }],
  address: { name: 'Ada Lovelace', phone: '2025550123', area: 'Riverside', flat_no: '4B', address_type: 'home', address_line: '12 Market Street', address_line2: '', post_code: '10001', city: 'New York', state: 'NY', country: 'United States', country_code: 'US' },
  payment: { id: 8, method: 'cash', status: 'pending', amount: 12.5, currency: 'USD' },
  note: 'Ring twice.',
  totals: { subtotal: 10, delivery_charge: 2.5, coupon_discount: 0, tax_amount: 0, payable_amount: 12.5, coupon_code: null },
  timeline: [
    { status: 'pending', at: '2026-04-01T10:00:00.000Z', actor: { id: 9, name: 'Ada Lovelace' }, reason: null },
    { status: 'confirm', at: '2026-04-01T11:00:00.000Z', actor: null, reason: null },
  ],
  shipments: [],
  updated_at: '2026-04-01T11:00:00.000Z',
  ...change,
});
