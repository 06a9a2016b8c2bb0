import { and, asc, count, desc, eq } from 'drizzle-orm';
import { COUNTRY_INVALID, MAX_ADDRESSES, type Address, type AddressInput } from '../../../shared/account.contract.ts';
import type { Db } from '../../db/client.ts';
import { addresses, countries, users } from '../../db/schema.ts';
import { HttpError, notFound, validationFailed } from '../../platform/errors.ts';
import { readStoreSettings } from '../settings/settings.service.ts';
import { phoneLengthError } from './phone-length.ts';

type AddressRow = typeof addresses.$inferSelect;
type CountryRow = typeof countries.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const ADDRESS_NOT_FOUND = 'Address not found';

function presentAddress(row: AddressRow, country: CountryRow | null): Address {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    area: row.area,
    flat_no: row.flatNo,
    address_type: row.addressType,
    address_line: row.addressLine,
    address_line2: row.addressLine2,
    post_code: row.postCode,
    city: row.city,
    state: row.state,
    country: country && { id: country.id, name: country.name, code: country.code, phone_code: country.phoneCode },
    is_default: row.isDefault,
  };
}

const addressValues = (input: AddressInput) => ({
  name: input.name,
  phone: input.phone,
  area: input.area,
  flatNo: input.flat_no,
  addressType: input.address_type,
  addressLine: input.address_line,
  addressLine2: input.address_line2,
  postCode: input.post_code,
  city: input.city,
  state: input.state,
  countryId: input.country_id,
});

/** Default first, then in the order they were added. */
export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  const rows = await db
    .select({ address: addresses, country: countries })
    .from(addresses)
    .leftJoin(countries, eq(countries.id, addresses.countryId))
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.id));
  return rows.map((row) => presentAddress(row.address, row.country));
}

/** The rules the input schema cannot know: the store's phone length and its list of countries. Answers the country. */
async function checkAgainstStore(db: Db, input: AddressInput): Promise<CountryRow> {
  const [settings, [country]] = await Promise.all([readStoreSettings(db), db.select().from(countries).where(eq(countries.id, input.country_id))]);
  const errors: Record<string, string[]> = {};
  const phoneError = phoneLengthError(input.phone, settings);
  if (phoneError) errors.phone = [phoneError];
  if (!country) errors.country_id = [COUNTRY_INVALID];
  if (!country || phoneError) throw validationFailed(errors);
  return country;
}

/**
 * One shopper's address changes run one at a time (a lock on the user row), so the cap and the
 * "exactly one default" rule hold when two tabs save at once.
 */
async function lockAddressBook(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function clearDefault(tx: Tx, userId: number) {
  await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

/** A shopper's first address becomes the default; a new default takes the flag from the old one. */
export async function addAddress(db: Db, userId: number, input: AddressInput): Promise<Address> {
  const country = await checkAgainstStore(db, input);
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const [{ total }] = (await tx.select({ total: count() }).from(addresses).where(eq(addresses.userId, userId))) as [{ total: number }];
    if (total >= MAX_ADDRESSES) throw new HttpError(422, `You can save at most ${MAX_ADDRESSES} addresses.`);
    const isDefault = input.is_default || total === 0;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx.insert(addresses).values({ ...addressValues(input), userId, isDefault }).returning();
    return presentAddress(row!, country);
  });
}

/** The default stays the default when unticked: a shopper with addresses always has one (the next default replaces it). */
export async function updateAddress(db: Db, userId: number, id: number, input: AddressInput): Promise<Address> {
  const country = await checkAgainstStore(db, input);
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const [current] = await tx.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!current) throw notFound(ADDRESS_NOT_FOUND);
    if (input.is_default && !current.isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .update(addresses)
      .set({ ...addressValues(input), isDefault: input.is_default || current.isDefault })
      .where(eq(addresses.id, id))
      .returning();
    return presentAddress(row!, country);
  });
}

/** Deleting the default hands the flag to the oldest remaining address. */
export async function deleteAddress(db: Db, userId: number, id: number) {
  await db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const [removed] = await tx.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId))).returning();
    if (!removed) throw notFound(ADDRESS_NOT_FOUND);
    if (!removed.isDefault) return;
    const [oldest] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)).limit(1);
    if (oldest) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, oldest.id));
  });
}
