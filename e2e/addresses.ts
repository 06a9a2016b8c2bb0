import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';

/** A seeded country's id (the United States unless told), as an address's `country_id`. */
export async function countryId(request: APIRequestContext, code = 'US'): Promise<number> {
  const response = await request.get('/api/countries');
  expect(response.ok(), 'GET /api/countries').toBe(true);
  const { countries } = ((await response.json()) as { data: { countries: Array<{ id: number; code: string }> } }).data;
  const country = countries.find((entry) => entry.code === code);
  expect(country, `country ${code}`).toBeDefined();
  return country!.id;
}

/** The city, state and country an address made through the API needs. */
export const cityAndCountry = async (request: APIRequestContext) => ({ city: 'San Francisco', state: 'CA', country_id: await countryId(request) });
