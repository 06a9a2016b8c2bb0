// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

// Another shop's record answers 404 as an unknown one does (decision 027): every detail page says so and leads back.
const pages = [
  { path: '/orders/41', route: 'GET /console/orders/41', message: 'Order not found', back: 'Back to orders', list: '/orders' },
  { path: '/returns/41', route: 'GET /console/returns/41', message: 'Return not found', back: 'Back to returns', list: '/returns' },
  { path: '/tickets/41', route: 'GET /console/tickets/41', message: 'Ticket not found', back: 'Back to support tickets', list: '/tickets' },
  { path: '/customers/41', route: 'GET /console/customers/41', message: 'Customer not found', back: 'Back to customers', list: '/customers' },
  { path: '/products/41', route: 'GET /console/products/41', message: 'Product not found', back: 'Back to products', list: '/products' },
];

describe('a detail page whose record the API does not find', () => {
  it.each(pages)('$path says it is not found and leads back to the list', async ({ path, route, message, back, list }) => {
    stubApi({ 'GET /console/me': ok(storeOwner), [route]: refused(404, message), 'GET /categories': ok({ categories: [] }), 'GET /shops': ok({ shops: [] }) });
    renderConsole(path);
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong. Please try again.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: back })).toHaveAttribute('href', list);
  });

  it('offers to ask again when the answer failed for another reason', async () => {
    const api = stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/orders/41': refused(500, 'Server Error') });
    renderConsole('/orders/41');
    // A server error is asked again twice (the query client's retry) before the page gives up.
    expect(await screen.findByText('Something went wrong. Please try again.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(api.calls('GET /console/orders/41').length).toBeGreaterThan(1);
  });
});
