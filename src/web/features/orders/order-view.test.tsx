// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { applyDocumentLanguage, setMessages } from '../../../client/lib/i18n.ts';
import { ok, stubApi } from '../../../client/test/api-stub.ts';
import { countries } from '../../test/store-fixtures.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../shared/orders.contract.ts';
import { renderApp } from '../../test/render-app.tsx';
import { OrderView } from './order-view.tsx';

const delivered: OrderDetail = {
  id: 7,
  order_number: 'OS100007',
  status: 'delivered',
  payment_method: 'cash',
  payment_status: 'paid',
  note: null,
  created_at: '2026-04-01T10:00:00.000Z',
  shop: { id: 2, name: 'Lamp Corner', logo: '' },
  address: { name: 'Ada Shopper', phone: '2025550123', area: 'Riverside', flat_no: '4B', address_type: 'home', address_line: '12 Market Street', address_line2: '', post_code: '10001', city: 'New York', state: 'NY', country: 'United States', country_code: 'US' },
  items: [],
  status_history: [{ status: 'delivered', created_at: '2026-04-03T10:00:00.000Z' }],
  subtotal: 10,
  delivery_charge: 2,
  coupon_discount: 0,
  tax_amount: 0,
  taxable_amount: 10,
  tax_rate: 0,
  payable_amount: 12,
  currency: { name: 'USD', symbol: '$', rate: 1 },
  shipments: [],
  cancel_reason: null,
};

describe('Order Details', () => {
  beforeEach(() => {
    stubApi({ 'GET /countries': ok({ countries: [...countries, { id: 3, name: 'United States', code: 'US', phone_code: '+1' }] }) });
  });

  it("shows the delivery phone with its country's calling code", async () => {
    renderApp(<OrderView order={delivered} />);
    expect(await screen.findByText('+1 2025550123')).toBeInTheDocument();
  });

  it("offers the shopper their order's invoice as a download", () => {
    renderApp(<OrderView order={delivered} />);
    const link = screen.getByRole('link', { name: 'Download invoice' });
    expect(link).toHaveAttribute('href', '/api/orders/7/invoice');
    expect(link).toHaveAttribute('download');
  });

  it('offers a guest their invoice through the key of their order’s link, and no way to an order history', () => {
    renderApp(<OrderView order={delivered} guestKey="k3y-of-the-link_0123456789" />);
    expect(screen.getByRole('heading', { name: /OS100007/ })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download invoice' })).toHaveAttribute('href', '/api/guest-orders/k3y-of-the-link_0123456789/invoice');
    expect(screen.queryByRole('link', { name: 'Back to Order History' })).toBeNull();
  });
});

/** 80.00 of goods less a 10.00 voucher, taxed at 15 %: 10.50 of tax on 70.00 (decision 054). */
const withVoucher: OrderDetail = { ...delivered, subtotal: 80, coupon_discount: 10, taxable_amount: 70, tax_rate: 15, tax_amount: 10.5, payable_amount: 82.5 };

describe('Order Details’ tax', () => {
  beforeEach(() => {
    stubApi({ 'GET /countries': ok({ countries }) });
  });

  it('names what the tax was charged on, the goods less the voucher, and its rate', () => {
    renderApp(<OrderView order={withVoucher} />);
    expect(screen.getByText('Tax (15% of $70.00)').nextElementSibling).toHaveTextContent('$10.50');
  });

  it('names only the taxed amount when the lines were taxed at different rates', () => {
    renderApp(<OrderView order={{ ...withVoucher, tax_rate: null }} />);
    expect(screen.getByText('Tax (on $70.00)').nextElementSibling).toHaveTextContent('$10.50');
  });
});

describe('Order Details’ tax on an Arabic page', () => {
  beforeEach(() => {
    stubApi({ 'GET /countries': ok({ countries }) });
    applyDocumentLanguage('ar', 'rtl');
    setMessages({ 'Tax ({{rate}} of {{amount}})': 'الضريبة ({{rate}} من {{amount}})', 'Tax (on {{amount}})': 'الضريبة (على {{amount}})' });
  });
  afterEach(() => {
    setMessages({});
    applyDocumentLanguage('en', 'ltr');
  });

  it('names the taxed amount and its rate in Arabic', () => {
    renderApp(<OrderView order={withVoucher} />);
    expect(screen.getByText('الضريبة (15% من $70.00)').nextElementSibling).toHaveTextContent('$10.50');
  });
});
