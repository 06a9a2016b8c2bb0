import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../db/client.ts';
import { addresses, authTokens, cartItems, countries, orderItems, orders, orderStatusHistory, payments, productVariants, users } from '../db/schema.ts';
import type { OrderStatus, PaymentStatus } from '../../shared/order-statuses.ts';
import { addProducts } from './catalog-fixtures.ts';
import { newToken, sha256 } from '../platform/secrets.ts';

/** Test helpers for orders: shoppers and carts written straight to the database (fast, no rate limits), and the place-order call. */

export interface Shopper {
  userId: number;
  authorization: string;
  addressId: number;
}

/** `count` signed-in shoppers, each with a default address, in three statements whatever the count. */
export async function addShoppers(db: Db, count: number, { verified = true } = {}): Promise<Shopper[]> {
  const batch = randomUUID().slice(0, 8);
  const now = new Date();
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        name: `Shopper ${batch}-${index}`,
        email: `shopper-${batch}-${index}@example.test`,
        verifiedAt: verified ? now : null,
      })),
    )
    .returning({ id: users.id });
  const tokens = rows.map(() => newToken());
  await db.insert(authTokens).values(rows.map((row, index) => ({ userId: row.id, tokenHash: sha256(tokens[index]!), expiresAt: new Date(now.getTime() + 86_400_000) })));
  const addressRows = await db
    .insert(addresses)
    .values(
      rows.map((row) => ({
        userId: row.id,
        name: 'Ada Shopper',
        phone: '2025550123',
        area: 'Riverside',
        flatNo: '4B',
        addressType: 'home' as const,
        addressLine: '12 Market Street',
        addressLine2: 'Floor 2',
        postCode: '10001',
        city: 'New York',
        state: 'NY',
        countryId: sql<number>`(select ${countries.id} from ${countries} where ${countries.code} = 'US')`,
        isDefault: true,
      })),
    )
    .returning({ id: addresses.id, userId: addresses.userId });
  return rows.map((row, index) => ({
    userId: row.id,
    authorization: `Bearer ${tokens[index]}`,
    addressId: addressRows.find((address) => address.userId === row.id)!.id,
  }));
}

/** Puts the same lines in each shopper's cart (or buy-now line); a line without a variant holds its product's first one. */
export async function fillCarts(
  db: Db,
  shoppers: readonly Shopper[],
  lines: ReadonlyArray<{ productId: number; variantId?: number; quantity: number }>,
  isBuyNow = false,
) {
  const firstVariant = (productId: number) => sql<number>`(select min(${productVariants.id}) from ${productVariants} where ${productVariants.productId} = ${productId})`;
  await db.insert(cartItems).values(
    shoppers.flatMap((shopper) =>
      lines.map((line) => ({
        userId: shopper.userId,
        productId: line.productId,
        variantId: line.variantId ?? firstVariant(line.productId),
        quantity: line.quantity,
        unit: 'pc',
        isBuyNow,
      })),
    ),
  );
}

export async function emptyCarts(db: Db, shoppers: readonly Shopper[]) {
  await db.delete(cartItems).where(inArray(cartItems.userId, shoppers.map((shopper) => shopper.userId)));
}

/** POST /api/place-order with a fresh Idempotency-Key unless one is given (null: no header at all), in the shopper's `language` if given. */
export function placeOrderCall(app: FastifyInstance, authorization: string, body: object, key: string | null = randomUUID(), language?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/place-order',
    headers: { authorization, ...(key !== null && { 'idempotency-key': key }), ...(language && { 'accept-language': language }) },
    payload: body,
  });
}

/** The admin API comes later: tests move an order along by writing its status. */
export async function setOrderStatus(db: Db, orderId: number, status: OrderStatus) {
  await db.update(orders).set({ status }).where(eq(orders.id, orderId));
}

/** A product's shelf and sold counts. */
export async function stockOf(db: Db, productId: number) {
  const [row] = await queryRows<{ stock: number; total_sold: number }>(db, sql`select stock, total_sold from products where id = ${productId}`);
  return row!;
}

export interface StoredOrder {
  shopId: number;
  /** A customer's account; without it, a guest's order with `guestEmail`. */
  userId?: number | null;
  guestEmail?: string;
  status?: OrderStatus;
  paymentMethod?: string;
  paymentStatus?: PaymentStatus;
  createdAt?: Date;
}

/**
 * Orders written straight to the database (no cart, no stock taken), each with one line of a new
 * product of its shop, its own payment and its placement in the history: a list test's thousand
 * orders in a few statements. Answers them in the order given.
 */
export async function addStoredOrders(db: Db, entries: readonly StoredOrder[]) {
  const shopIds = [...new Set(entries.map((entry) => entry.shopId))];
  const productIds = await addProducts(db, shopIds.map((shopId) => ({ name: `Stored Order Product ${randomUUID().slice(0, 8)}`, shopId })));
  const variants = await db.select().from(productVariants).where(inArray(productVariants.productId, productIds));
  const variantOf = (shopId: number) => variants.find((variant) => variant.productId === productIds[shopIds.indexOf(shopId)])!;
  const now = new Date();
  const paid = await db
    .insert(payments)
    .values(entries.map((entry) => ({ userId: entry.userId ?? null, method: entry.paymentMethod ?? 'cash', status: entry.paymentStatus ?? 'pending', amount: 12_00, currency: 'USD' })))
    .returning({ id: payments.id });
  const placed = await db
    .insert(orders)
    .values(
      entries.map((entry, index) => ({
        userId: entry.userId ?? null,
        guestEmail: entry.userId ? null : (entry.guestEmail ?? `guest-${randomUUID().slice(0, 8)}@example.test`),
        guestKeyHash: entry.userId ? null : randomUUID(),
        guestKeyIssuedAt: entry.userId ? null : (entry.createdAt ?? now),
        shopId: entry.shopId,
        paymentId: paid[index]!.id,
        status: entry.status ?? 'pending',
        paymentMethod: entry.paymentMethod ?? 'cash',
        paymentStatus: entry.paymentStatus ?? 'pending',
        address: { name: 'Ada Guest', phone: '2025550199', area: 'Riverside', flat_no: '4B', address_type: 'home', address_line: '12 Market Street', address_line2: '', post_code: '10001', city: 'New York', state: 'NY', country: 'United States', country_code: 'US' },
        note: 'Leave it with the porter.',
        subtotal: 10_00,
        deliveryCharge: 2_00,
        taxAmount: 0,
        payableAmount: 12_00,
        currencyName: 'USD',
        currencySymbol: '$',
        currencyRate: '1',
        createdAt: entry.createdAt ?? now,
        updatedAt: entry.createdAt ?? now,
      })),
    )
    .returning({ id: orders.id, orderNumber: orders.orderNumber, shopId: orders.shopId, createdAt: orders.createdAt });
  await db.insert(orderItems).values(
    placed.map((order) => {
      const variant = variantOf(order.shopId);
      return { orderId: order.id, productId: variant.productId, variantId: variant.id, name: 'Stored Order Product', sku: variant.sku, thumbnail: '/media/placeholder/product/test.svg', unitPrice: 10_00, quantity: 1, lineTotal: 10_00, taxRate: 0, taxAmount: 0, taxableAmount: 10_00, unit: 'pc' };
    }),
  );
  await db.insert(orderStatusHistory).values(placed.map((order, index) => ({ orderId: order.id, status: 'pending' as const, actorUserId: entries[index]!.userId ?? null, createdAt: order.createdAt })));
  return placed;
}
