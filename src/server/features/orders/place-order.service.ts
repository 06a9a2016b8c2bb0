import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  addresses,
  cartItems,
  countries,
  currencies,
  idempotencyKeys,
  orderItems,
  orders,
  orderStatusHistory,
  paymentGateways,
  payments,
  products,
  productVariants,
  settings,
  users,
  type PlacementAnswer,
} from '../../db/schema.ts';
import { COUNTRY_INVALID } from '../../../shared/account.contract.ts';
import type { Locale } from '../../../shared/constants.ts';
import type { WrittenCurrency } from '../i18n/mail-text.ts';
import { toMinor } from '../../../shared/money.ts';
import type { GuestPlaceOrderInput, OrderAddress, PlacedOrders, PlaceOrderInput } from '../../../shared/orders.contract.ts';
import { conflict, HttpError, validationFailed } from '../../platform/errors.ts';
import { newToken, sha256 } from '../../platform/secrets.ts';
import { ownedBy, type CartOwner } from '../cart/guest-cart.ts';
import { priceCheckout, voucherRedeemer, type PricedCheckout, type PricedLine, type PricedShop } from '../checkout/checkout-pricing.ts';
import type { PaymentGateways } from '../payments/payment-gateways.ts';
import { paymentCharge } from '../payments/payment-charge.ts';
import { storeSettingsSchema } from '../settings/store-settings.ts';
import { redeemVoucher } from '../vouchers/vouchers.service.ts';
import { orderAddressSnapshot } from './order-address.ts';
import { moveOrderedStock } from '../order-release/order-release.ts';
import { claimSaleUnits } from '../order-release/sale-units.ts';
import { notifyLowStock, notifyOrders, type NotificationRow } from '../notifications/notifications.service.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { localized, type Translations } from '../../db/translations.ts';
import { refuseBlocked } from '../auth/session.ts';
import { commissionOn, commissionRates } from '../earnings/commission.ts';

const KEY_REUSED_MESSAGE = 'This Idempotency-Key was used with a different request.';
export const EMPTY_SELECTION_MESSAGE = 'Your cart has no products from the selected shops.';
/** What a guest is told at an account's e-mail, blocked or not. */
const SIGN_IN_TO_ORDER = 'This e-mail belongs to an account. Please sign in to order with it.';
const PRICES_CHANGED_MESSAGE = 'Prices have changed. Please review your order.';

/** A customer orders to an address of their book; a guest (guest checkout) gives contact and address with the order. */
export type PlaceOrderRequest = ({ userId: number; input: PlaceOrderInput } | { guestCartId: number; input: GuestPlaceOrderInput }) & {
  idempotencyKey: string;
  now: Date;
  /** The shopper's language, kept on the orders for their invoices. */
  locale: Locale;
};

/** What the confirmation mail and the console need of a placement the request just made (not of a replayed one). */
export interface NewPlacement {
  user: { name: string; email: string | null };
  priced: PricedCheckout;
  orders: PlacementAnswer['orders'];
  /** A guest's keys to their orders' pages, one per order (only their hashes are kept). */
  guestOrderKeys: string[] | null;
  address: OrderAddress;
  paymentTitle: string;
  currency: WrittenCurrency;
  storeName: string;
  /** The language the orders were placed in: their mails are written in it. */
  locale: Locale;
  /** The console notifications the placement wrote (new orders, low stock), told live once it has committed. */
  notifications: NotificationRow[];
}

export type Placement = { answer: PlacementAnswer; created: NewPlacement | null };

/** Work that must commit together with a new placement, or not at all: its confirmation mail. */
export type WithPlacement = (tx: Db, placement: NewPlacement) => Promise<void>;

/** The request as the key remembers it: the parsed body (unknown fields dropped), shops as a set. */
function requestHash(input: PlaceOrderInput | GuestPlaceOrderInput): string {
  return sha256(JSON.stringify({ ...input, shop_ids: [...new Set(input.shop_ids)].sort((a, b) => a - b) }));
}

function replay(row: { requestHash: string; response: PlacementAnswer | null }, hash: string): Placement {
  if (row.requestHash !== hash) throw validationFailed({ 'Idempotency-Key': [KEY_REUSED_MESSAGE] });
  // A committed key always has its answer (both are written in one transaction).
  if (!row.response) throw conflict('This order is still being placed.');
  return { answer: row.response, created: null };
}

const placementSettings = storeSettingsSchema.pick({ order_place_account_verify: true, app_name: true });

/** The two store settings a placement reads, without loading and checking every setting row per order. */
async function readPlacementSettings(db: Db) {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.keys(placementSettings.shape)));
  return placementSettings.parse(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

/** A customer's name, e-mail and chosen address, as the order keeps it. */
async function loadCustomer(db: Db, userId: number, input: PlaceOrderInput, verifiedOnly: boolean) {
  const [shopper] = await db
    .select({ user: { name: users.name, email: users.email, verifiedAt: users.verifiedAt, blockedAt: users.blockedAt }, address: addresses, country: countries })
    .from(users)
    .leftJoin(addresses, and(eq(addresses.id, input.address_id), eq(addresses.userId, users.id)))
    .leftJoin(countries, eq(countries.id, addresses.countryId))
    .where(eq(users.id, userId));
  if (!shopper) throw new HttpError(401, 'Unauthenticated.');
  const { user, address, country } = shopper;
  refuseBlocked(user);
  if (verifiedOnly && !user.verifiedAt) throw new HttpError(422, 'Please verify your account first');
  if (!address) throw validationFailed({ address_id: ['The selected address is invalid.'] });
  return { user: { name: user.name, email: user.email }, address: orderAddressSnapshot(address, country) };
}

/**
 * An account's e-mail orders signed in, never as a guest: so a blocked account's owner cannot order
 * under it either, and is told what any account's e-mail is told, never that the account is blocked
 * (which only the account's holder learns, once they proved who they are).
 */
async function refuseAccountEmail(db: Db, email: string) {
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  if (holder) throw validationFailed({ email: [SIGN_IN_TO_ORDER] });
}

/** A guest's contact and delivery address as given at checkout; the country one of the store's. */
async function guestShopper(db: Db, input: GuestPlaceOrderInput) {
  const [country] = await db.select().from(countries).where(eq(countries.id, input.country_id));
  if (!country) throw validationFailed({ country_id: [COUNTRY_INVALID] });
  const address: OrderAddress = {
    name: input.name,
    phone: input.phone,
    area: '',
    flat_no: '',
    address_type: 'home',
    address_line: input.address_line,
    address_line2: '',
    post_code: input.post_code,
    city: input.city,
    state: input.state,
    country: country.name,
    country_code: country.code,
  };
  return { user: { name: input.name, email: input.email }, address };
}

/** Everything a placement needs that does not change under it: who, where to, how to pay, which currency. */
async function loadPlacementFacts(db: Db, gateways: PaymentGateways, request: PlaceOrderRequest) {
  const { input } = request;
  const [[gatewayRow], [currency], store] = await Promise.all([
    db
      .select({ name: paymentGateways.name, title: localized(paymentGateways, 'title', request.locale) })
      .from(paymentGateways)
      .where(and(eq(paymentGateways.name, input.payment_method), eq(paymentGateways.isActive, true))),
    db
      .select({ name: currencies.name, symbol: currencies.symbol, rate: currencies.rate, position: currencies.position })
      .from(currencies)
      .where(eq(currencies.isActive, true))
      .orderBy(desc(currencies.isDefault), asc(currencies.sortOrder), asc(currencies.id))
      .limit(1),
    readPlacementSettings(db),
  ]);
  if (!('userId' in request)) await refuseAccountEmail(db, request.input.email);
  const { user, address } = 'userId' in request ? await loadCustomer(db, request.userId, request.input, store.order_place_account_verify) : await guestShopper(db, request.input);
  if (!gatewayRow) throw validationFailed({ payment_method: ['The selected payment method is invalid.'] });
  if (!gateways.has(gatewayRow.name)) throw validationFailed({ payment_method: ['This payment method is not available.'] });
  if (!currency) throw new Error('The store has no active currency');
  return {
    user,
    address,
    /** Lower-case; set for a guest only. */
    guestEmail: 'userId' in request ? undefined : request.input.email.toLowerCase(),
    gateway: gatewayRow,
    currency: { ...currency, rate: Number(currency.rate) },
    storeName: store.app_name,
  };
}

/** Lines over stock are refused with the product's name: nothing of the placement is written. */
function refuseShortStock(shops: readonly PricedShop[]) {
  for (const line of shops.flatMap((shop) => shop.lines)) {
    if (line.quantity <= line.stock) continue;
    throw conflict(line.stock === 0 ? `${line.name} is out of stock` : `Only ${line.stock} left of ${line.name}`);
  }
}

type PlacementFacts = Awaited<ReturnType<typeof loadPlacementFacts>>;

/**
 * Claims the shopper's Idempotency-Key as the transaction's first write: a concurrent duplicate
 * waits on it, then finds this placement's answer. Answers the earlier placement when the key is taken.
 */
async function claimKey(tx: Db, owner: CartOwner, idempotencyKey: string, hash: string, now: Date): Promise<Placement | null> {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ ...owner, key: idempotencyKey, requestHash: hash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed) return null;
  const [first] = await tx.select().from(idempotencyKeys).where(and(ownedBy(owner, idempotencyKeys), eq(idempotencyKeys.key, idempotencyKey)));
  return replay(first!, hash);
}

/**
 * Locks what the order takes stock from, in the one order every stock change uses: the products by
 * id, then the variants by id (pricing later locks the cart lines with them in cart order, and
 * finds them held). Products or variants taken off sale are refused: the shopper saw them in the cart.
 */
async function lockOrderedStock(tx: Db, owner: CartOwner, input: PlaceOrderInput | GuestPlaceOrderInput) {
  const ordered = and(ownedBy(owner, cartItems), eq(cartItems.isBuyNow, input.is_buy_now), inArray(products.shopId, input.shop_ids));
  const lockedProducts = await tx
    .select({ name: products.name, status: products.status })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(ordered)
    .orderBy(asc(products.id))
    .for('update', { of: products });
  const withdrawn = lockedProducts.find((product) => product.status !== 'active');
  if (withdrawn) throw conflict(`${withdrawn.name} is no longer available`);
  const lockedVariants = await tx
    .select({ name: products.name, isActive: productVariants.isActive })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(ordered)
    .orderBy(asc(productVariants.id))
    .for('update', { of: productVariants });
  const retired = lockedVariants.find((variant) => !variant.isActive);
  if (retired) throw conflict(`${retired.name} is no longer available`);
}

/** The checkout priced again on the locked rows; refused when empty, short of stock or not what the shopper was shown. */
async function priceLockedCheckout(tx: Db, owner: CartOwner, guestEmail: string | undefined, input: PlaceOrderInput | GuestPlaceOrderInput, now: Date) {
  const priced = await priceCheckout(tx, {
    owner,
    guestEmail,
    shopIds: input.shop_ids,
    couponCode: input.coupon_code,
    couponCodes: input.coupon_codes,
    isBuyNow: input.is_buy_now,
    now,
    lockRows: true,
  });
  if (priced.shops.length === 0) throw validationFailed({ shop_ids: [EMPTY_SELECTION_MESSAGE] });
  refuseShortStock(priced.shops);
  if (input.expected_payable_amount != null && toMinor(input.expected_payable_amount) !== priced.totals.payable) {
    throw conflict(PRICES_CHANGED_MESSAGE);
  }
  return priced;
}

/** The one payment the placement's orders share. */
async function recordPayment(tx: Db, owner: CartOwner, priced: PricedCheckout, facts: PlacementFacts, now: Date) {
  const charge = paymentCharge(
    priced.shops.map((shop) => ({
      shopName: shop.shopName,
      lines: shop.lines,
      deliveryCharge: shop.deliveryCharge,
      taxAmount: shop.taxAmount,
      couponDiscount: shop.discount,
      couponCode: shop.voucher?.code ?? null,
    })),
    facts.currency.rate,
  );
  const [payment] = await tx
    .insert(payments)
    .values({ userId: owner.userId ?? null, method: facts.gateway.name, amount: charge.amount, currency: facts.currency.name, createdAt: now, updatedAt: now })
    .returning({ id: payments.id });
  return payment!.id;
}

/** A line as the order keeps it: the product's name, the variant's SKU and option names, the price paid, the store's commission at its rate now. */
function snapshotLine(orderId: number, line: PricedLine, commissionRate: number): typeof orderItems.$inferInsert {
  return {
    orderId,
    productId: line.productId,
    variantId: line.variantId,
    name: line.name,
    sku: line.sku,
    thumbnail: line.thumbnail,
    unitPrice: line.unitPrice,
    // Sold at the flash sale's price: the line keeps the sale (decision 051), and counts against its cap.
    flashSaleId: line.sale && line.unitPrice === line.sale.price ? line.sale.flashSaleId : null,
    quantity: line.quantity,
    lineTotal: line.lineTotal,
    taxRate: line.taxRate,
    taxAmount: line.taxAmount,
    taxableAmount: line.taxableAmount,
    commissionRate,
    commission: commissionOn(line.lineTotal, commissionRate),
    color: line.color?.name ?? null,
    size: line.size?.name ?? null,
    translations: lineTranslations(line),
    unit: line.unit,
  };
}

/** The line's product, colour and size names in each language they have one in, as the order keeps them: `{ ar: { name, color, size } }`. */
function lineTranslations({ translations, color, size }: PricedLine): Translations {
  const locales = new Set([...Object.keys(translations), ...Object.keys(color?.translations ?? {}), ...Object.keys(size?.translations ?? {})]);
  const named = [...locales].map((locale) => {
    const texts = { name: translations[locale]?.name, color: color?.translations[locale]?.name, size: size?.translations[locale]?.name };
    return [locale, Object.fromEntries(Object.entries(texts).filter((entry): entry is [string, string] => Boolean(entry[1])))] as const;
  });
  return Object.fromEntries(named.filter(([, texts]) => Object.keys(texts).length > 0));
}

interface OrderWriting {
  owner: CartOwner;
  locale: Locale;
  input: PlaceOrderInput | GuestPlaceOrderInput;
  facts: PlacementFacts;
  priced: PricedCheckout;
  paymentId: number;
  now: Date;
}

/** One order per shop, with its voucher use, snapshot lines and first status; answers them with a guest's keys to them. */
async function writeOrders(tx: Db, { owner, locale, input, facts, priced, paymentId, now }: OrderWriting) {
  const { guestEmail } = facts;
  const placed: PlacementAnswer['orders'] = [];
  const guestOrderKeys = guestEmail ? priced.shops.map(() => newToken()) : null;
  const items: Array<typeof orderItems.$inferInsert> = [];
  const rates = await commissionRates(tx, priced.shops.flatMap((shop) => shop.lines.map((line) => line.productId)));
  for (const [index, shop] of priced.shops.entries()) {
    const redeemer = voucherRedeemer({ owner, guestEmail });
    const voucherRedemptionId = shop.voucher ? await redeemVoucher(tx, { voucherId: shop.voucher.id, redeemer, now }) : null;
    const guestKey = guestOrderKeys?.[index];
    const [order] = await tx
      .insert(orders)
      .values({
        userId: owner.userId ?? null,
        guestEmail: guestEmail ?? null,
        guestKeyHash: guestKey ? sha256(guestKey) : null,
        guestKeyIssuedAt: guestKey ? now : null,
        shopId: shop.shopId,
        paymentId,
        paymentMethod: facts.gateway.name,
        address: facts.address,
        note: input.note ?? null,
        subtotal: shop.subtotal,
        deliveryCharge: shop.deliveryCharge,
        couponDiscount: shop.discount,
        taxAmount: shop.taxAmount,
        payableAmount: shop.payable,
        voucherId: shop.voucher?.id ?? null,
        couponCode: shop.voucher?.code ?? null,
        voucherRedemptionId,
        currencyName: facts.currency.name,
        currencySymbol: facts.currency.symbol,
        currencyRate: String(facts.currency.rate),
        locale,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    items.push(...shop.lines.map((line) => snapshotLine(order!.id, line, rates.get(line.productId)!)));
    placed.push({ id: order!.id, order_number: order!.orderNumber });
  }
  await tx.insert(orderItems).values(items);
  await tx.insert(orderStatusHistory).values(placed.map((order) => ({ orderId: order.id, status: 'pending' as const, actorUserId: owner.userId ?? null, createdAt: now })));
  return { placed, guestOrderKeys, items };
}

/**
 * POST /place-order, in one transaction: the Idempotency-Key is claimed first, the products and
 * variants are locked in id order and the vouchers after them, the checkout is re-priced on the
 * locked rows, stock is checked and taken through the ledger, voucher use counted, one order per
 * shop written with snapshot lines and a status row, the payment recorded, the ordered cart lines
 * removed and `withPlacement` run. Any refusal rolls all of it back.
 */
export async function placeOrder(db: Db, gateways: PaymentGateways, request: PlaceOrderRequest, withPlacement?: WithPlacement): Promise<Placement> {
  const { idempotencyKey, input, now, locale } = request;
  const owner: CartOwner = 'userId' in request ? { userId: request.userId } : { guestCartId: request.guestCartId };
  const hash = requestHash(input);
  const keyOf = and(ownedBy(owner, idempotencyKeys), eq(idempotencyKeys.key, idempotencyKey));
  const [known] = await db.select().from(idempotencyKeys).where(keyOf);
  if (known) return replay(known, hash);

  const facts = await loadPlacementFacts(db, gateways, request);
  return inRetriedTransaction(db, async (tx) => {
    const earlier = await claimKey(tx, owner, idempotencyKey, hash, now);
    if (earlier) return earlier;
    await lockOrderedStock(tx, owner, input);
    const priced = await priceLockedCheckout(tx, owner, facts.guestEmail, input, now);
    const paymentId = await recordPayment(tx, owner, priced, facts, now);
    const { placed, guestOrderKeys, items } = await writeOrders(tx, { owner, locale, input, facts, priced, paymentId, now });
    const taken = items.map((item) => ({ orderId: item.orderId, productId: item.productId, variantId: item.variantId, quantity: item.quantity }));
    const levels = await moveOrderedStock(tx, taken, -1, { reason: 'order', actorId: owner.userId ?? null, now }, { locked: true });
    await claimSaleUnits(tx, items.map((item) => ({ flashSaleId: item.flashSaleId ?? null, variantId: item.variantId, quantity: item.quantity })));
    const lines = priced.shops.flatMap((shop) => shop.lines);
    await tx.delete(cartItems).where(inArray(cartItems.id, lines.map((line) => line.cartId)));

    const answer: PlacementAnswer = { paymentId, paymentMethod: facts.gateway.name, orders: placed };
    await tx.update(idempotencyKeys).set({ response: answer }).where(keyOf);
    const created: NewPlacement = {
      user: facts.user,
      priced,
      orders: placed,
      guestOrderKeys,
      address: facts.address,
      paymentTitle: facts.gateway.title,
      currency: facts.currency,
      storeName: facts.storeName,
      locale,
      notifications: [
        ...(await notifyOrders(
          tx,
          'new_order',
          inArray(
            orders.id,
            placed.map((order) => order.id),
          ),
          now,
        )),
        ...(await notifyLowStock(tx, levels, now)),
      ],
    };
    await withPlacement?.(tx, created);
    return { answer, created };
  });
}

/** How long a placement's Idempotency-Key answers retries; the storefront makes a new key for every attempt. */
const IDEMPOTENCY_KEY_LIFETIME_MS = 7 * 24 * 60 * 60_000;

export async function forgetOldIdempotencyKeys(db: Db, now: Date) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS)));
}

/** The answer of POST /place-order; a guest's first answer also names each order's page. */
export function presentPlacement({ answer, created }: Placement, paymentUrl: string | null, guestOrderPath: (key: string) => string): PlacedOrders {
  const keys = created?.guestOrderKeys;
  return {
    order_payment_url: paymentUrl,
    orders: answer.orders.map((order, index) => (keys ? { ...order, guest_order_url: guestOrderPath(keys[index]!) } : order)),
  };
}
