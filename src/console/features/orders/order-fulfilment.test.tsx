// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import type { ConsoleOrder } from '../../../shared/orders-console.contract.ts';
import { consoleOrder } from '../../test/order-fixtures.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';
import { sentence } from '../../../client/test/sentence.ts';

const lamp = consoleOrder().lines[0]!;
/** A confirmed order of two lamps (one shipped already) and three shades. */
const confirmed = (change: Partial<ConsoleOrder> = {}) =>
  consoleOrder({
    status: 'confirm',
    next_statuses: ['processing', 'cancelled'],
    lines: [
      { ...lamp, shipped_quantity: 1 },
      { ...lamp, id: 6, name: 'Linen shade', sku: 'SHADE-1', quantity: 3, line_total: 15 },
    ],
    ...change,
  });
const parcel = { id: 70, carrier: 'DHL', tracking_number: 'JD014600', tracking_url: 'https://track.example.test/JD014600', shipped_at: '2026-04-02T09:00:00.000Z', items: [{ order_item_id: 5, quantity: 1 }] };
const audit = { 'GET /console/audit-log': ok({ entries: [], next_cursor: null }) };

describe('shipping an order from its page', () => {
  it('sends the parcel with the units of each line, leaving lines at 0 for later, and shows it', async () => {
    const shipped = confirmed({ lines: [{ ...lamp, shipped_quantity: 2 }, { ...lamp, id: 6, name: 'Linen shade', sku: 'SHADE-1', quantity: 3, shipped_quantity: 0 }], shipments: [{ ...parcel, items: [{ order_item_id: 5, quantity: 2 }] }] });
    const api = stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/orders/1': ok({ order: confirmed() }), 'POST /console/orders/1/shipments': ok({ order: shipped }, 'Shipment saved'), ...audit });
    renderConsole('/orders/1');
    const section = await screen.findByRole('region', { name: 'Shipments' });
    expect(within(section).getByText('Nothing shipped yet.')).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Ship' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship order OS100001' });
    await userEvent.type(within(dialog).getByLabelText('Carrier'), 'DHL');
    await userEvent.type(within(dialog).getByLabelText('Tracking number'), 'JD014600');
    await userEvent.type(within(dialog).getByLabelText('Tracking link (https)'), 'https://track.example.test/JD014600');
    expect(within(dialog).getByLabelText('Brass desk lamp (LAMP-BR-1), 1 left to ship')).toHaveValue(1);
    const shades = within(dialog).getByLabelText('Linen shade (SHADE-1), 3 left to ship');
    await userEvent.clear(shades);
    await userEvent.type(shades, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));

    expect(await screen.findByText('Shipment saved')).toBeInTheDocument();
    expect(api.calls('POST /console/orders/1/shipments')[0]!.body).toEqual({
      carrier: 'DHL',
      tracking_number: 'JD014600',
      tracking_url: 'https://track.example.test/JD014600',
      lines: [{ order_item_id: 5, quantity: 1 }],
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(section).getByText('JD014600')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'https://track.example.test/JD014600' })).toHaveAttribute('href', 'https://track.example.test/JD014600');
    expect(within(section).getByText(sentence('2 × Brass desk lamp'))).toBeInTheDocument();
  });

  it('shows the schema’s errors before sending, and the server’s under the line it names', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/orders/1': ok({ order: confirmed() }),
      'POST /console/orders/1/shipments': refused(422, 'The quantity must not be greater than 2.', { 'lines.0.quantity': ['The quantity must not be greater than 2.'] }),
      ...audit,
    });
    renderConsole('/orders/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship order OS100001' });
    await userEvent.type(within(dialog).getByLabelText('Tracking link (https)'), 'http://track.example.test/1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(dialog).findByText('The carrier field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('The tracking link must be an https:// address.')).toBeInTheDocument();
    expect(api.calls('POST /console/orders/1/shipments')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Carrier'), 'DHL');
    await userEvent.type(within(dialog).getByLabelText('Tracking number'), 'T-1');
    await userEvent.clear(within(dialog).getByLabelText('Tracking link (https)'));
    const lamps = within(dialog).getByLabelText('Brass desk lamp (LAMP-BR-1), 1 left to ship');
    await userEvent.clear(lamps);
    await userEvent.type(lamps, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    // The shades were the first line sent: the server's `lines.0` is the form's second line.
    const shades = within(dialog).getByLabelText('Linen shade (SHADE-1), 3 left to ship');
    expect(await within(dialog).findByText('The quantity must not be greater than 2.')).toBeInTheDocument();
    expect(shades).toHaveAttribute('aria-invalid', 'true');
    expect(lamps).not.toHaveAttribute('aria-invalid');
    expect(api.calls('POST /console/orders/1/shipments')[0]!.body).toMatchObject({ tracking_url: null, lines: [{ order_item_id: 6, quantity: 3 }] });
  });

  it('offers no Ship button before the order is confirmed', async () => {
    stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/orders/1': ok({ order: consoleOrder() }), ...audit });
    renderConsole('/orders/1');
    expect(await screen.findByRole('heading', { name: 'Order OS100001' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shipments' })).not.toBeInTheDocument();
  });
});

describe('correcting a parcel’s tracking', () => {
  it('sends the corrected carrier, number and link, shows the server’s field errors, and shows the parcel as corrected', async () => {
    const shipped = confirmed({ shipments: [parcel] });
    const corrected = { ...parcel, carrier: 'UPS', tracking_number: '1Z999', tracking_url: null };
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/orders/1': ok({ order: shipped }),
      'PATCH /console/orders/1/shipments/70': ({ body }) =>
        (body as { tracking_number: string }).tracking_number === 'taken'
          ? refused(422, 'The given data was invalid.', { tracking_number: ['The tracking number field contains characters that are not allowed.'] })
          : ok({ order: confirmed({ shipments: [corrected] }) }, 'Shipment updated'),
      ...audit,
    });
    renderConsole('/orders/1');
    const section = await screen.findByRole('region', { name: 'Shipments' });
    await userEvent.click(within(section).getByRole('button', { name: 'Correct tracking' }));
    const dialog = screen.getByRole('dialog', { name: 'Correct the tracking of parcel JD014600' });
    expect(within(dialog).getByLabelText('Carrier')).toHaveValue('DHL');
    expect(within(dialog).getByLabelText('Tracking link (https)')).toHaveValue('https://track.example.test/JD014600');

    const number = within(dialog).getByLabelText('Tracking number');
    await userEvent.clear(number);
    await userEvent.type(number, 'taken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The tracking number field contains characters that are not allowed.')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(within(dialog).getByLabelText('Carrier'));
    await userEvent.type(within(dialog).getByLabelText('Carrier'), 'UPS');
    await userEvent.clear(number);
    await userEvent.type(number, '1Z999');
    await userEvent.clear(within(dialog).getByLabelText('Tracking link (https)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Shipment updated')).toBeInTheDocument();
    expect(api.calls('PATCH /console/orders/1/shipments/70').at(-1)!.body).toEqual({ carrier: 'UPS', tracking_number: '1Z999', tracking_url: null });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(section).getByText('1Z999')).toBeInTheDocument();
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
  });

  it('is not offered once the order is delivered', async () => {
    stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/orders/1': ok({ order: confirmed({ status: 'delivered', next_statuses: [], shipments: [parcel] }) }), ...audit });
    renderConsole('/orders/1');
    const section = await screen.findByRole('region', { name: 'Shipments' });
    expect(within(section).getByText('JD014600')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Correct tracking' })).not.toBeInTheDocument();
  });
});

describe('cancelling an order from its page', () => {
  it('asks for a reason, sends it, and shows it in the timeline', async () => {
    const onTheWay = consoleOrder({ status: 'on_the_way', next_statuses: ['delivered'] });
    const reason = 'The courier lost the parcel.';
    const cancelled = consoleOrder({ status: 'cancelled', next_statuses: [], timeline: [...onTheWay.timeline, { status: 'cancelled', at: '2026-04-03T10:00:00.000Z', actor: { id: 1, name: 'Store Owner' }, reason }] });
    const api = stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/orders/1': ok({ order: onTheWay }), 'POST /console/orders/1/cancel': ok({ order: cancelled }, 'Order cancelled successfully'), ...audit });
    renderConsole('/orders/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order OS100001?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeInTheDocument();
    expect(api.calls('POST /console/orders/1/cancel')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason'), reason);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled successfully')).toBeInTheDocument();
    expect(api.calls('POST /console/orders/1/cancel')[0]!.body).toEqual({ reason });
    expect(within(screen.getByRole('region', { name: 'Timeline' })).getByText(sentence(`Reason: ${reason}`))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal and keeps the dialog open', async () => {
    stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/orders/1': ok({ order: consoleOrder() }),
      'POST /console/orders/1/cancel': refused(422, 'Only an order not yet delivered can be cancelled.'),
      ...audit,
    });
    renderConsole('/orders/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order OS100001?' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Too late');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Only an order not yet delivered can be cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Cancel order OS100001?' })).toBeInTheDocument();
  });
});

describe('marking a cash order paid', () => {
  it('asks first, then shows the order paid', async () => {
    const paid = consoleOrder({ payment_status: 'paid', payment: { ...consoleOrder().payment, status: 'paid' } });
    const api = stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/orders/1': ok({ order: consoleOrder() }), 'POST /console/orders/1/mark-paid': ok({ order: paid }, 'Order marked as paid'), ...audit });
    renderConsole('/orders/1');
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('Unpaid')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as paid' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Mark order OS100001 as paid?' })).getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText('Order marked as paid')).toBeInTheDocument();
    expect(api.calls('POST /console/orders/1/mark-paid')).toHaveLength(1);
    expect(within(payment).getByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as paid' })).not.toBeInTheDocument();
  });
});
