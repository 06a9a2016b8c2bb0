import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { countries, users } from '../db/schema.ts';
import { issueAccessToken } from '../platform/auth.ts';

/** The password every fixture customer signs in with. */
export const CUSTOMER_PASSWORD = 'customer-password';

type NewUser = typeof users.$inferInsert;

/**
 * A signed-in shopper with a unique e-mail and phone: the row, the bare token and the
 * `Authorization` header value for `app.inject`.
 */
export async function createCustomer(app: FastifyInstance, overrides: Partial<NewUser> = {}) {
  const key = randomUUID().slice(0, 8);
  const [user] = await app.database.db
    .insert(users)
    .values({
      name: `Test Customer ${key}`,
      email: `customer-${key}@example.test`,
      country: 'United States',
      phoneCode: '+1',
      phone: `555${String(randomInt(0, 10 ** 7)).padStart(7, '0')}`,
      passwordHash: await app.passwords.hash(CUSTOMER_PASSWORD),
      ...overrides,
    })
    .returning();
  const { token } = await issueAccessToken(app.database.db, user!.id, app.clock);
  return { user: user!, token, authorization: `Bearer ${token}` };
}

/** The id of a seeded country (the United States unless told), as an address's `country_id`. */
export async function countryIdOf(db: Db, code = 'US') {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
  if (!country) throw new Error(`no seeded country ${code}`);
  return country.id;
}

/** A body `POST /api/addresses` accepts; tests give the country (`countryIdOf`) and vary one field at a time. */
export const homeAddress = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jane Shopper',
  phone: '2025550199',
  area: 'Old Town',
  flat_no: '3A',
  address_type: 'home',
  address_line: '12 Baker Street',
  address_line2: 'Second floor',
  post_code: 'NW1 6XE',
  city: 'London',
  state: 'Greater London',
  ...overrides,
});
