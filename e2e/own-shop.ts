import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { EndpointAnswer } from '../src/shared/api-endpoints.ts';
import { cityAndCountry } from './addresses.ts';
import { expect } from './fixtures.ts';
import { adminAuthorization, type RegisteredShopper } from './shoppers.ts';
import { apiData } from './store-api.ts';

export interface OwnShop {
  id: number;
  name: string;
  /** The new seller's account, to sign in to the console with. */
  seller: { email: string; password: string };
  sellerAuthorization: string;
}

/**
 * A shop of the test's own: a new seller applies for it and the store's owner approves it, so its
 * delivery charge, figures and balances are the test's alone (other journeys use the seeded shops).
 */
export async function approvedOwnShop(request: APIRequestContext, label: string): Promise<OwnShop> {
  const key = randomUUID().slice(0, 8);
  const slug = label.toLowerCase().replace(/\W+/g, '-');
  const seller = { email: `${slug}-seller-${key}@example.test`, password: `${key}-password` };
  const application = {
    name: `${label} Seller`,
    ...seller,
    shop_name: `${label} ${key}`,
    shop_email: `${slug}-shop-${key}@example.test`,
    shop_phone: `555${String(randomInt(0, 10 ** 7)).padStart(7, '0')}`,
    address: '8 Ledger Lane',
    description: `${label}: a shop of one journey.`,
    accept_terms: 'true',
  };
  const picture = async (name: string) => ({ name, mimeType: 'image/png', buffer: await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 40, g: 90, b: 120 } } }).png().toBuffer() });
  // Multipart, as the storefront's form sends it: the logo and banner are files.
  const registered = await request.post('/api/shop-registrations', { headers: { Accept: 'application/json' }, multipart: { ...application, logo: await picture('logo.png'), banner: await picture('banner.png') } });
  expect(registered.status(), await registered.text()).toBe(201);
  const { shop } = ((await registered.json()) as EndpointAnswer<'POST /shop-registrations'>).data;
  await apiData(request, 'POST /console/shops/:id/approve', { params: { id: String(shop.id) }, authorization: await adminAuthorization(request) });
  const session = await apiData(request, 'POST /login', { body: { phone: seller.email, password: seller.password } });
  if (session.access.auth_type !== 'Bearer') throw new Error('a sign-in through the API answers a bearer token');
  return { id: shop.id, name: shop.name, seller, sellerAuthorization: `Bearer ${session.access.token}` };
}

/**
 * A simple product of the shop, put on sale by the store's owner. Three units: the journeys that
 * pick any product look for five or more, so none of them buys it or counts its stock.
 */
export async function ownShopProduct(request: APIRequestContext, shop: OwnShop, { name, price }: { name: string; price: number }) {
  const { categories } = await apiData(request, 'GET /categories');
  const sku = `E2E-${randomUUID().slice(0, 8).toUpperCase()}`;
  const { product } = await apiData(request, 'POST /console/products', {
    authorization: await adminAuthorization(request),
    body: { name, category_id: categories[0]!.id, shop_id: shop.id, status: 'active', sku, price, variants: [{ sku: `${sku}-1`, stock: 3 }] },
  });
  return product;
}

/** The shopper's default address, made through the API. */
export async function addDefaultAddress(request: APIRequestContext, shopper: RegisteredShopper) {
  const { address } = await apiData(request, 'POST /addresses', {
    body: { name: shopper.name, phone: '2025550178', area: 'Harbour', address_line: '11 Dock Road', ...(await cityAndCountry(request)), is_default: true },
    authorization: shopper.authorization,
  });
  return address;
}

interface OrderChoice {
  addressId: number;
  quantity?: number;
  color?: number;
  size?: number;
  /** The language the order is placed in, English unless told. */
  locale?: string;
}

/** The shopper's cash order of `quantity` units of one product (one unit unless told), placed through the API. */
export async function placeCashOrder(request: APIRequestContext, shopper: RegisteredShopper, product: { id: number; unit?: string | null; shop: { id: number } }, { addressId, quantity = 1, color, size, locale = 'en' }: OrderChoice) {
  const { authorization } = shopper;
  await apiData(request, 'POST /cart/store', { body: { product_id: product.id, quantity, unit: product.unit, color, size }, authorization });
  const placed = await apiData(request, 'POST /place-order', {
    body: { shop_ids: [product.shop.id], address_id: addressId, payment_method: 'cash' },
    authorization,
    headers: { 'Idempotency-Key': randomUUID(), 'Accept-Language': locale },
  });
  return placed.orders[0]!;
}

/** The shop's people confirm the order, ship all of it with tracking and mark it delivered, through the console's API. */
export async function deliverThroughApi(request: APIRequestContext, orderId: number, authorization: string) {
  const id = { id: String(orderId) };
  await apiData(request, 'POST /console/orders/:id/status', { params: id, body: { status: 'confirm' }, authorization });
  const { order } = await apiData(request, 'GET /console/orders/:id', { params: id, authorization });
  await apiData(request, 'POST /console/orders/:id/shipments', {
    params: id,
    body: { carrier: 'DHL Express', tracking_number: `JD${randomUUID().slice(0, 8).toUpperCase()}`, lines: order.lines.map((line) => ({ order_item_id: line.id, quantity: line.quantity })) },
    authorization,
  });
  await apiData(request, 'POST /console/orders/:id/status', { params: id, body: { status: 'delivered' }, authorization });
  return order;
}
