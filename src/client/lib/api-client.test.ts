import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import type { Address, addressInputSchema } from '../../shared/account.contract.ts';
import type { addToCartSchema, Cart } from '../../shared/cart.contract.ts';
import type { ProductDetails, productListQuerySchema } from '../../shared/catalog.contract.ts';
import { answerEveryCall } from '../test/fetch-answer.fixture.ts';
import { api, type CallOptions } from './api-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const requested = (fetch: ReturnType<typeof answerEveryCall>) => {
  const [url, init] = fetch.mock.calls[0]!;
  return { url, method: init.method, body: init.body };
};

describe('a call of the endpoint table', () => {
  it('fills the path parameters, URL-encoded, and leaves empty query values out', async () => {
    const fetch = answerEveryCall(200, { message: 'Support ticket', data: {} });
    await api.call('GET /support-tickets/:ticket_no', { params: { ticket_no: 'TCK-AB/CD?E' } });
    await api.call('GET /products', { query: { search: 'red shoes', brand_id: undefined, sort_type: 'newest', page: 2 } });

    expect(requested(fetch)).toMatchObject({ url: '/api/support-tickets/TCK-AB%2FCD%3FE', method: 'GET' });
    expect(fetch.mock.calls[1]![0]).toBe('/api/products?search=red+shoes&sort_type=newest&page=2');
  });

  it('sends a JSON body as JSON and a form as it is', async () => {
    const fetch = answerEveryCall(200, { message: 'Product added to cart', data: { total: 0, cart_items: [], unavailable_items: [] } });
    await api.call('POST /cart/store', { body: { product_id: 3, quantity: 2 } });
    const form = new FormData();
    form.append('message', 'Hello');
    await api.call('POST /support-tickets/:ticket_no/messages', { params: { ticket_no: 'TCK-ABCDEFGHJK' }, body: form });

    expect(requested(fetch)).toEqual({ url: '/api/cart/store', method: 'POST', body: JSON.stringify({ product_id: 3, quantity: 2 }) });
    expect(fetch.mock.calls[1]![1].body).toBe(form);
  });
});

// Checked by `npm run typecheck`: the calls below are never made, each sits in a function nobody calls.
describe('the types of a call', () => {
  it('takes what the contract takes in', () => {
    expectTypeOf<CallOptions<'POST /cart/store'>['body']>().toEqualTypeOf<z.input<typeof addToCartSchema>>();
    expectTypeOf<CallOptions<'PUT /addresses/:id'>['body']>().toEqualTypeOf<z.input<typeof addressInputSchema>>();
    expectTypeOf<CallOptions<'GET /products'>['query']>().toEqualTypeOf<z.input<typeof productListQuerySchema> | undefined>();
    expectTypeOf<CallOptions<'POST /support-tickets'>['body']>().toEqualTypeOf<FormData>();
  });

  it('answers the data of the contract', () => {
    expectTypeOf(() => api.call('GET /products/:id', { params: { id: 3 } })).returns.resolves.toEqualTypeOf<{ message: string; data: { product: ProductDetails } }>();
    expectTypeOf(() => api.call('POST /cart/store', { body: { product_id: 3 } })).returns.resolves.toHaveProperty('data').toEqualTypeOf<Cart>();
    expectTypeOf(() => api.call('GET /addresses')).returns.resolves.toHaveProperty('data').toEqualTypeOf<{ addresses: Address[] }>();
  });

  it('refuses a wrong body, a missing one, one where there is none, and a path that is not an endpoint', () => {
    // @ts-expect-error product_id is a number
    expectTypeOf(() => api.call('POST /cart/store', { body: { product_id: '3' } })).toBeFunction();
    // @ts-expect-error the cart's store takes no field of that name
    expectTypeOf(() => api.call('POST /cart/store', { body: { product_id: 3, price: 1 } })).toBeFunction();
    // @ts-expect-error adding to the cart needs a body
    expectTypeOf(() => api.call('POST /cart/store')).toBeFunction();
    // @ts-expect-error the cart is read without a body
    expectTypeOf(() => api.call('GET /carts', { body: { product_id: 3 } })).toBeFunction();
    // @ts-expect-error no endpoint has this path
    expectTypeOf(() => api.call('GET /product/:id', { params: { id: 3 } })).toBeFunction();
    // @ts-expect-error the path names the product, so its parameter is required
    expectTypeOf(() => api.call('GET /products/:id')).toBeFunction();
    // @ts-expect-error a form endpoint takes a FormData
    expectTypeOf(() => api.call('POST /support-tickets', { body: { subject: 'Hi', issue_type: 'other', message: 'Hello' } })).toBeFunction();
  });
});
