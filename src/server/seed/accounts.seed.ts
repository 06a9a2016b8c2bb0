import { DEMO_CUSTOMER } from '../../shared/constants.ts';
import { operationsRole } from '../platform/console-access.ts';
import { createPasswordHasher } from '../platform/passwords.ts';
import { eq, inArray } from 'drizzle-orm';
import type { ConsoleRole, SellerStaffPermission } from '../../shared/console.contract.ts';
import type { Db } from '../db/client.ts';
import { addresses, consoleMembers, countries, shops, users } from '../db/schema.ts';

/** The operations accounts of the seeded store (issue: admin API); their passwords are for a local demo only. */
export const DEMO_ADMIN = { name: 'Store Admin', email: 'admin@example.com', password: 'admin-password' } as const;
export const DEMO_SELLER = { name: 'Shop Seller', email: 'seller@example.com', password: 'seller-password' } as const;

interface DemoMember {
  name: string;
  email: string;
  password: string;
  role: ConsoleRole;
  permissions?: readonly SellerStaffPermission[];
}

/**
 * The console's demo people (decision 027): the admin is the store's owner, one member per other store
 * role, the seller owns the first shop, and one of its staff holds a few permissions.
 */
export const DEMO_CONSOLE_MEMBERS: readonly DemoMember[] = [
  { ...DEMO_ADMIN, role: 'owner' },
  { name: 'Catalogue Manager', email: 'catalogue@example.com', password: 'catalogue-password', role: 'catalogue_manager' },
  { name: 'Order Manager', email: 'orders@example.com', password: 'orders-password', role: 'order_manager' },
  { name: 'Support Agent', email: 'support@example.com', password: 'support-password', role: 'support_agent' },
  { name: 'Content Editor', email: 'content@example.com', password: 'content-password', role: 'content_editor' },
  { ...DEMO_SELLER, role: 'shop_owner' },
  { name: 'Shop Assistant', email: 'shop-staff@example.com', password: 'shop-staff-password', role: 'shop_staff', permissions: ['catalogue.read', 'catalogue.write', 'orders.read'] },
];

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
  const shopId = (member: DemoMember) => (member.role === 'shop_owner' || member.role === 'shop_staff' ? (firstShop?.id ?? null) : null);
  const members = DEMO_CONSOLE_MEMBERS.filter((member) => firstShop || shopId(member) === null);
  await db
    .insert(users)
    .values(
      await Promise.all(
        members.map(async (member) => ({
          name: member.name,
          email: member.email,
          role: operationsRole(member.role),
          shopId: member.role === 'shop_owner' ? shopId(member) : null,
          passwordHash: await passwords.hash(member.password),
          verifiedAt: new Date(),
        })),
      ),
    )
    .onConflictDoNothing();
  const ids = new Map(
    (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, members.map((member) => member.email)))).map((row) => [row.email, row.id]),
  );
  await db
    .insert(consoleMembers)
    .values(
      members.map((member) => ({
        userId: ids.get(member.email)!,
        shopId: shopId(member),
        role: member.role,
        permissions: [...(member.permissions ?? [])],
      })),
    )
    .onConflictDoNothing();
}
