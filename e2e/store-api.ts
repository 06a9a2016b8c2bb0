import type { APIRequestContext } from '@playwright/test';
import type { z } from 'zod';
import type { ApiEndpoints, EndpointAnswer, EndpointKey, EndpointRequest, OptionsArgument } from '../src/shared/api-endpoints.ts';
import { endpointUrl } from '../src/shared/endpoint-url.ts';
import { expect } from './fixtures.ts';

/** The request of the endpoint table; a multipart form's fields go as JSON, which its route takes too. */
type JourneyRequest<Key extends EndpointKey> = ApiEndpoints[Key] extends { form: infer Fields extends z.ZodType }
  ? Omit<EndpointRequest<Key>, 'body'> & { body: z.input<Fields> }
  : EndpointRequest<Key>;

/** A call as an app makes it, with the shopper's `Bearer <token>` when there is one. */
type ApiCall<Key extends EndpointKey> = JourneyRequest<Key> & { authorization?: string; headers?: Record<string, string> };

interface RequestParts {
  params?: object;
  query?: object;
  body?: unknown;
  authorization?: string;
  headers?: Record<string, string>;
}

/** How often a call refused with 503 (the server saturated or its database away for a moment) is made again, as an app would. */
const TRIES_WHEN_UNAVAILABLE = 4;

/** A call's answer; an error answer fails the test with its body. A 503 is tried again after its Retry-After. */
async function answerOf(request: APIRequestContext, endpoint: EndpointKey, { params, query, body, authorization, headers }: RequestParts = {}): Promise<unknown> {
  const { method, url } = endpointUrl(endpoint, params, query);
  for (let attempt = 1; ; attempt++) {
    const response = await request.fetch(url, {
      method,
      data: body,
      headers: { Accept: 'application/json', ...(authorization ? { Authorization: authorization } : {}), ...headers },
    });
    if (response.status() === 503 && attempt < TRIES_WHEN_UNAVAILABLE) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers()['retry-after'] ?? 1) * 1000));
      continue;
    }
    expect(response.ok(), `${endpoint}: ${await response.text()}`).toBe(true);
    return response.json();
  }
}

/**
 * The data of one call of the endpoint table, typed by the contract like the storefront's own calls
 * (`src/client/lib/api-client.ts`). Tests use it to set up and read state through the API.
 */
export const apiData = async <Key extends EndpointKey>(
  request: APIRequestContext,
  endpoint: Key,
  ...[call]: OptionsArgument<ApiCall<Key>>
): Promise<EndpointAnswer<Key>['data']> => ((await answerOf(request, endpoint, call)) as EndpointAnswer<Key>).data;

/** A product's name as the storefront shows it in `locale` (the demo's products have Arabic and Persian names). */
export const productNameIn = async (request: APIRequestContext, productId: number, locale: string): Promise<string> =>
  (await apiData(request, 'GET /products/:id', { params: { id: productId }, headers: { 'accept-language': locale } })).product.name;
