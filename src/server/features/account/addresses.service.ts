import { and, asc, count, desc, eq } from 'drizzle-orm';
import { MAX_ADDRESSES, type Address, type AddressInput } from '../../../shared/account.contract.ts';
import type { Db } from '../../db/client.ts';
import { addresses, users } from '../../db/schema.ts';
import { HttpError, notFound, validationFailed } from '../../platform/errors.ts';
import { readStoreSettings } from '../settings/settings.service.ts';
import { phoneLengthError } from './phone-length.ts';

type AddressRow = typeof addresses.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const ADDRESS_NOT_FOUND = 'Address not found';

function presentAddress(row: AddressRow): Address {
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
});

/** Default first, then in the order they were added. */
export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), asc(addresses.id));
  return rows.map(presentAddress);
}

async function checkPhone(db: Db, input: AddressInput) {
  const error = phoneLengthError(input.phone, await readStoreSettings(db));
  if (error) throw validationFailed({ phone: [error] });
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
  await checkPhone(db, input);
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const [{ total }] = (await tx.select({ total: count() }).from(addresses).where(eq(addresses.userId, userId))) as [{ total: number }];
    if (total >= MAX_ADDRESSES) throw new HttpError(422, `You can save at most ${MAX_ADDRESSES} addresses.`);
    const isDefault = input.is_default || total === 0;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx.insert(addresses).values({ ...addressValues(input), userId, isDefault }).returning();
    return presentAddress(row!);
  });
}

/** The default stays the default when unticked: a shopper with addresses always has one (the next default replaces it). */
export async function updateAddress(db: Db, userId: number, id: number, input: AddressInput): Promise<Address> {
  await checkPhone(db, input);
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
    return presentAddress(row!);
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
