// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../client/lib/query-client.ts';
import { refused, stubApi } from '../../../client/test/api-stub.ts';
import { GUEST_ORDER_LINK_EXPIRED_MESSAGE, GUEST_ORDER_LINK_SENT_MESSAGE } from '../../../shared/orders.contract.ts';
import StoreToaster from '../../app/toaster.tsx';
import FindGuestOrder from '../../pages/find-guest-order.tsx';
import GuestOrder from '../../pages/guest-order.tsx';
import { renderApp } from '../../test/render-app.tsx';

const KEY = 'expired-link-key_0123456789abcdef';
const box = (name: string) => screen.getByRole('textbox', { name });

describe('a guest’s expired order link', () => {
  it('says the link has expired and sends a new one to the e-mail given, with the key of the link', async () => {
    const api = stubApi({
      [`GET /guest-orders/${KEY}`]: refused(410, GUEST_ORDER_LINK_EXPIRED_MESSAGE),
      'POST /guest-orders/link': { status: 202, body: { message: GUEST_ORDER_LINK_SENT_MESSAGE, data: {} } },
    });
    render(
      <QueryClientProvider client={queryClient()}>
        <MemoryRouter initialEntries={[`/orders/guest/${KEY}`]}>
          <Routes>
            <Route path="/orders/guest/:key" element={<GuestOrder />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'This order link has expired. Ask for a new one by e-mail.' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Order number' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find it by its order number instead' })).toHaveAttribute('href', '/orders/guest');

    await userEvent.type(box('Email'), 'grace@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(GUEST_ORDER_LINK_SENT_MESSAGE);
    expect(api.calls('POST /guest-orders/link').map((call) => call.body)).toEqual([{ email: 'grace@example.test', key: KEY }]);
  });
});

describe('Find my order', () => {
  it('asks for the e-mail and the order number before sending, then tells the same answer whatever the e-mail', async () => {
    const api = stubApi({ 'POST /guest-orders/link': { status: 202, body: { message: GUEST_ORDER_LINK_SENT_MESSAGE, data: {} } } });
    renderApp(<FindGuestOrder />);
    expect(screen.getByRole('heading', { level: 1, name: 'Find my order' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(box('Email')).toHaveAccessibleDescription('The email field is required.');
    expect(box('Order number')).toHaveAccessibleDescription('The order number field is required.');
    expect(api.calls('POST /guest-orders/link')).toHaveLength(0);

    await userEvent.type(box('Email'), 'grace@example.test');
    await userEvent.type(box('Order number'), '#os100042');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(GUEST_ORDER_LINK_SENT_MESSAGE);
    expect(api.calls('POST /guest-orders/link').map((call) => call.body)).toEqual([{ email: 'grace@example.test', order_number: '#os100042' }]);
  });

  it('shows the wait the store asks for when too many links were asked', async () => {
    stubApi({ 'POST /guest-orders/link': { status: 429, body: { message: 'Too many attempts. Please try again later.', retry_after: 3600 } } });
    renderApp(
      <>
        <FindGuestOrder />
        <StoreToaster />
      </>,
    );
    await userEvent.type(box('Email'), 'grace@example.test');
    await userEvent.type(box('Order number'), 'OS100042');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
