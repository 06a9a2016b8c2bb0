import { DEMO_CUSTOMER } from '../../../shared/constants.ts';
import { createPasswordHasher } from '../../platform/passwords.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { addresses, countries, shops, users } from '../schema.ts';

/** The operations accounts of the seeded store (issue: admin API); their passwords are for a local demo only. */
export const DEMO_ADMIN = { name: 'Store Admin', email: 'admin@example.com', password: 'admin-password' } as const;
export const DEMO_SELLER = { name: 'Shop Seller', email: 'seller@example.com', password: 'seller-password' } as const;

export async function seedAccounts(db: Db, passwords = createPasswordHasher()) {
  const [firstShop] = await db.select({ id: shops.id }).from(shops).orderBy(shops.id).limit(1);
  const [customer] = await db
    .insert(users)
    .values({
      name: DEMO_CUSTOMER.name,
      email: DEMO_CUSTOMER.email,
      country: 'United States',
      phoneCode: DEMO_CUSTOMER.phone_code,
      phone: DEMO_CUSTOMER.phone,
      passwordHash: await passwords.hash(DEMO_CUSTOMER.password),
      verifiedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (customer) {
    const [unitedStates] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'US'));
    await db.insert(addresses).values({
      userId: customer.id,
      name: DEMO_CUSTOMER.name,
      phone: DEMO_CUSTOMER.phone,
      area: 'Downtown',
      flatNo: '4B',
      addressType: 'home',
      addressLine: '1600 Main Street',
      postCode: '20001',
      city: 'Washington',
      state: 'DC',
      countryId: unitedStates?.id,
      isDefault: true,
    });
  }
  await db
    .insert(users)
    .values([
      { name: DEMO_ADMIN.name, email: DEMO_ADMIN.email, role: 'admin', passwordHash: await passwords.hash(DEMO_ADMIN.password), verifiedAt: new Date() },
      ...(firstShop
        ? [
            {
              name: DEMO_SELLER.name,
              email: DEMO_SELLER.email,
              role: 'seller' as const,
              shopId: firstShop.id,
              passwordHash: await passwords.hash(DEMO_SELLER.password),
              verifiedAt: new Date(),
            },
          ]
        : []),
    ])
    .onConflictDoNothing();
}
