import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';
import { apiData } from './store-api.ts';

/** A seeded country's id (the United States unless told), as an address's `country_id`. */
export async function countryId(request: APIRequestContext, code = 'US'): Promise<number> {
  const { countries } = await apiData(request, 'GET /countries');
  const country = countries.find((entry) => entry.code === code);
  expect(country, `country ${code}`).toBeDefined();
  return country!.id;
}

/** The city, state and country an address made through the API needs. */
export const cityAndCountry = async (request: APIRequestContext) => ({ city: 'San Francisco', state: 'CA', country_id: await countryId(request) });
