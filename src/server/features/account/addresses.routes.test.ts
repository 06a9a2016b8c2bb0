import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADDRESSES } from '../../../shared/account.contract.ts';
import { addresses } from '../../db/schema.ts';
import { countryIdOf, createCustomer, homeAddress as addressBody } from '../../test/account-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let unitedKingdom: { id: number; name: string; code: string; phone_code: string };
beforeAll(async () => {
  ctx = await createTestApp();
  unitedKingdom = { id: await countryIdOf(ctx.database.db, 'GB'), name: 'United Kingdom', code: 'GB', phone_code: '+44' };
});
afterAll(() => ctx.close());

const homeAddress = (overrides: Record<string, unknown> = {}) => addressBody({ country_id: unitedKingdom.id, ...overrides });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (authorization: string, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: { authorization }, payload });

async function add(authorization: string, overrides: Record<string, unknown> = {}) {
  const response = await call(authorization, 'POST', '/addresses', homeAddress(overrides));
  expect(response.statusCode).toBe(201);
  return response.json().data.address as { id: number; is_default: boolean; name: string };
}

async function list(authorization: string) {
  const response = await call(authorization, 'GET', '/addresses');
  expect(response.statusCode).toBe(200);
  return response.json().data.addresses as Array<{ id: number; is_default: boolean; name: string }>;
}

const defaults = (entries: Array<{ id: number; is_default: boolean }>) => entries.filter((entry) => entry.is_default).map((entry) => entry.id);

describe('addresses', () => {
  it('need a bearer token', async () => {
    for (const [method, url] of [['GET', '/addresses'], ['POST', '/addresses'], ['PUT', '/addresses/1'], ['DELETE', '/addresses/1']] as const) {
      const response = await ctx.app.inject({ method, url: `/api${url}`, payload: method === 'GET' || method === 'DELETE' ? undefined : homeAddress() });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('adds an address with every field and lists it; the first one becomes the default', async () => {
    const me = await createCustomer(ctx.app);
    expect(await list(me.authorization)).toEqual([]);
    const response = await call(me.authorization, 'POST', '/addresses', homeAddress({ address_type: 'office' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Address added successfully',
      data: {
        address: {
          id: expect.any(Number),
          name: 'Jane Shopper',
          phone: '2025550199',
          area: 'Old Town',
          flat_no: '3A',
          address_type: 'office',
          address_line: '12 Baker Street',
          address_line2: 'Second floor',
          post_code: 'NW1 6XE',
          city: 'London',
          state: 'Greater London',
          country: unitedKingdom,
          is_default: true,
        },
      },
    });
    expect(await list(me.authorization)).toEqual([response.json().data.address]);
  });

  it('lists an address saved before the city and country were asked for with them empty', async () => {
    const me = await createCustomer(ctx.app);
    await ctx.database.db.insert(addresses).values({ userId: me.user.id, name: 'Old', phone: '2025550199', area: 'Area', addressLine: 'Line', city: '', isDefault: true });
    expect(await list(me.authorization)).toMatchObject([{ name: 'Old', city: '', state: '', country: null }]);
  });

  it('keeps exactly one default: a new default takes the flag, and the default is listed first', async () => {
    const me = await createCustomer(ctx.app);
    const first = await add(me.authorization, { name: 'First' });
    const second = await add(me.authorization, { name: 'Second' });
    expect(second.is_default).toBe(false);
    const third = await add(me.authorization, { name: 'Third', is_default: true });
    expect(third.is_default).toBe(true);
    const entries = await list(me.authorization);
    expect(entries.map((entry) => entry.id)).toEqual([third.id, first.id, second.id]);
    expect(defaults(entries)).toEqual([third.id]);

    const moved = await call(me.authorization, 'PUT', `/addresses/${second.id}`, homeAddress({ name: 'Second', is_default: true }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ message: 'Address updated successfully', data: { address: { id: second.id, is_default: true } } });
    expect(defaults(await list(me.authorization))).toEqual([second.id]);
  });

  it('edits an address; unticking the default keeps it the default', async () => {
    const me = await createCustomer(ctx.app);
    const only = await add(me.authorization);
    const ireland = await countryIdOf(ctx.database.db, 'IE');
    const response = await call(
      me.authorization,
      'PUT',
      `/addresses/${only.id}`,
      homeAddress({ name: 'New Name', area: 'Riverside', address_type: 'other', city: 'Cork', state: '', country_id: ireland, is_default: false }),
    );
    expect(response.statusCode).toBe(200);
    const edited = { id: only.id, name: 'New Name', area: 'Riverside', address_type: 'other', city: 'Cork', state: '', is_default: true };
    expect(response.json().data.address).toMatchObject({ ...edited, country: { id: ireland, name: 'Ireland', code: 'IE', phone_code: '+353' } });
    expect(await list(me.authorization)).toEqual([response.json().data.address]);
  });

  it('deleting the default promotes the oldest remaining address', async () => {
    const me = await createCustomer(ctx.app);
    const first = await add(me.authorization);
    const second = await add(me.authorization);
    const third = await add(me.authorization, { is_default: true });
    const response = await call(me.authorization, 'DELETE', `/addresses/${third.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Address deleted successfully', data: {} });
    expect(defaults(await list(me.authorization))).toEqual([first.id]);

    await call(me.authorization, 'DELETE', `/addresses/${second.id}`);
    expect(defaults(await list(me.authorization))).toEqual([first.id]);
    await call(me.authorization, 'DELETE', `/addresses/${first.id}`);
    expect(await list(me.authorization)).toEqual([]);
  });

  it("hides another shopper's addresses: not listed, and 404 on edit and delete", async () => {
    const owner = await createCustomer(ctx.app);
    const intruder = await createCustomer(ctx.app);
    const address = await add(owner.authorization, { name: 'Owner' });
    expect(await list(intruder.authorization)).toEqual([]);

    const edit = await call(intruder.authorization, 'PUT', `/addresses/${address.id}`, homeAddress({ name: 'Stolen', is_default: true }));
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual({ message: 'Address not found' });
    const remove = await call(intruder.authorization, 'DELETE', `/addresses/${address.id}`);
    expect(remove.statusCode).toBe(404);

    const [row] = await ctx.database.db.select().from(addresses).where(eq(addresses.id, address.id));
    expect(row).toMatchObject({ name: 'Owner', userId: owner.user.id, isDefault: true });
  });

  it('ignores user_id and id in the body', async () => {
    const victim = await createCustomer(ctx.app);
    const me = await createCustomer(ctx.app);
    const victimAddress = await add(victim.authorization);
    const created = await call(me.authorization, 'POST', '/addresses', { ...homeAddress(), user_id: victim.user.id, id: victimAddress.id });
    expect(created.statusCode).toBe(201);
    const mine = created.json().data.address;
    expect(mine.id).not.toBe(victimAddress.id);
    const [row] = await ctx.database.db.select().from(addresses).where(eq(addresses.id, mine.id));
    expect(row!.userId).toBe(me.user.id);
    expect(await list(victim.authorization)).toHaveLength(1);

    await call(me.authorization, 'PUT', `/addresses/${mine.id}`, { ...homeAddress({ name: 'Moved?' }), user_id: victim.user.id });
    const [after] = await ctx.database.db.select().from(addresses).where(eq(addresses.id, mine.id));
    expect(after).toMatchObject({ userId: me.user.id, name: 'Moved?' });
  });

  it('answers field errors', async () => {
    const me = await createCustomer(ctx.app);
    const response = await call(me.authorization, 'POST', '/addresses', { name: '', phone: 'abc', address_type: 'castle', is_default: 'yes' });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.name[0]).toBe('The name field is required.');
    expect(errors.phone[0]).toBe('The phone must contain digits only.');
    expect(errors.area[0]).toBe('The area field is required.');
    expect(errors.address_line[0]).toBe('The address line field is required.');
    expect(errors.address_type).toEqual(['The selected address type is invalid.']);
    expect(errors.city).toEqual(['The city field is required.']);
    expect(errors.country_id).toEqual(['The country field is required.']);
    expect(errors.is_default).toEqual(['The is default must be true or false.']);

    const blankCity = await call(me.authorization, 'POST', '/addresses', homeAddress({ city: '   ', state: 'x'.repeat(101) }));
    expect(blankCity.json().errors).toEqual({ city: ['The city field is required.'], state: ['The state must not be greater than 100 characters.'] });
    for (const country_id of [99_999_999, 0, 'GB', 1.5]) {
      const unknown = await call(me.authorization, 'POST', '/addresses', homeAddress({ country_id }));
      expect(unknown.statusCode, String(country_id)).toBe(422);
      expect(unknown.json()).toEqual({ message: 'The selected country is invalid.', errors: { country_id: ['The selected country is invalid.'] } });
    }
    const both = await call(me.authorization, 'POST', '/addresses', homeAddress({ phone: '123', country_id: 99_999_999 }));
    expect(both.json().errors).toEqual({ phone: ['The phone must be between 9 and 16 digits.'], country_id: ['The selected country is invalid.'] });

    const shortPhone = await call(me.authorization, 'POST', '/addresses', homeAddress({ phone: '123' }));
    expect(shortPhone.json().errors).toEqual({ phone: ['The phone must be between 9 and 16 digits.'] });
    expect(await list(me.authorization)).toEqual([]);

    const saved = await add(me.authorization);
    const badEdit = await call(me.authorization, 'PUT', `/addresses/${saved.id}`, homeAddress({ city: '', country_id: 99_999_999 }));
    expect(badEdit.json().errors).toEqual({ city: ['The city field is required.'] });
    const unknownCountry = await call(me.authorization, 'PUT', `/addresses/${saved.id}`, homeAddress({ country_id: 99_999_999 }));
    expect(unknownCountry.json().errors).toEqual({ country_id: ['The selected country is invalid.'] });
    expect(await list(me.authorization)).toMatchObject([{ id: saved.id, city: 'London', country: unitedKingdom }]);

    expect((await call(me.authorization, 'PUT', '/addresses/abc', homeAddress())).statusCode).toBe(422);
    expect((await call(me.authorization, 'DELETE', '/addresses/99999999999')).statusCode).toBe(422);
  });

  it(`refuses more than ${MAX_ADDRESSES} addresses`, async () => {
    const me = await createCustomer(ctx.app);
    await ctx.database.db.insert(addresses).values(
      Array.from({ length: MAX_ADDRESSES }, (_, index) => ({
        userId: me.user.id,
        name: `Address ${index}`,
        phone: '2025550199',
        area: 'Area',
        addressLine: 'Line',
        city: 'City',
        isDefault: index === 0,
      })),
    );
    const response = await call(me.authorization, 'POST', '/addresses', homeAddress());
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(`You can save at most ${MAX_ADDRESSES} addresses.`);
    expect(await list(me.authorization)).toHaveLength(MAX_ADDRESSES);
  });

  it('keeps one default when two saves race', async () => {
    const me = await createCustomer(ctx.app);
    const results = await Promise.all(Array.from({ length: 4 }, (_, index) => call(me.authorization, 'POST', '/addresses', homeAddress({ name: `Racer ${index}`, is_default: true }))));
    expect(results.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    const entries = await list(me.authorization);
    expect(entries).toHaveLength(4);
    expect(defaults(entries)).toHaveLength(1);
  });
});
