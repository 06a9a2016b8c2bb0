import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { countryIdOf } from './account-fixtures.ts';
import { addProducts, catalogAnchors } from './catalog-fixtures.ts';
import { shopperCalls } from './commerce-fixtures.ts';
import { placeOrderCall } from './order-fixtures.ts';

/** The `Authorization` header of a seeded staff account (the admin, the seller, a console member), signed in through the API. */
export async function signInStaff(app: FastifyInstance, account: { email: string; password: string }) {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { phone: account.email, password: account.password } });
  if (response.statusCode !== 200) throw new Error(`staff login failed: ${response.body}`);
  const body = response.json<{ data: { user: { id: number }; access: { token: string } } }>();
  return { userId: body.data.user.id, authorization: `Bearer ${body.data.access.token}` };
}

/** The seeded seller's shop: the catalogue's first. */
export const sellerShopId = async (app: FastifyInstance) => (await catalogAnchors(app.database.db)).shop_id;

interface OrderChoices {
  /** The seller's shop unless told. */
  shopId?: number;
  quantity?: number;
  couponCode?: string;
  /** A product of the shop to order; a new one with 10 in stock unless told. */
  productId?: number;
  /** The shopper's language header when placing. */
  language?: string;
}

/**
 * A cash-on-delivery order placed through the API as a shopper places one: `quantity` units of the
 * product (a new one with 10 in stock unless told). Answers the order and the product.
 */
export async function placeCashOrder(app: FastifyInstance, authorization: string, { shopId, quantity = 1, couponCode, productId: ordered, language }: OrderChoices = {}) {
  const calls = shopperCalls(app, authorization);
  const orderShopId = shopId ?? (await sellerShopId(app));
  const [productId] = ordered ? [ordered] : await addProducts(app.database.db, [{ name: `Order Test Product ${randomUUID().slice(0, 8)}`, shopId: orderShopId, stock: 10 }]);
  const added = await calls.post('/cart/store', { product_id: productId, quantity });
  if (added.statusCode !== 200) throw new Error(`add to cart failed: ${added.body}`);

  const addresses = (await calls.get('/addresses')).json<{ data: { addresses: Array<{ id: number }> } }>().data.addresses;
  let addressId = addresses[0]?.id;
  if (addressId === undefined) {
    const address = await calls.post('/addresses', {
      name: 'Test Shopper',
      phone: '2025550100',
      area: 'Downtown',
      address_line: '1 Test Street',
      city: 'Springfield',
      country_id: await countryIdOf(app.database.db),
      is_default: true,
    });
    addressId = address.json<{ data: { address: { id: number } } }>().data.address.id;
  }
  const placed = await placeOrderCall(app, authorization, { shop_ids: [orderShopId], address_id: addressId, payment_method: 'cash', coupon_code: couponCode }, undefined, language);
  if (placed.statusCode !== 200) throw new Error(`place order failed: ${placed.body}`);
  const [order] = placed.json<{ data: { orders: Array<{ id: number; order_number: string }> } }>().data.orders;
  return { id: order!.id, orderNumber: order!.order_number, productId: productId! };
}
