import { z } from 'zod';
import { addressInputSchema, emailSchema, phoneDigits } from './account.contract.ts';
import { addToCartSchema, checkoutFields, withOneCouponField } from './cart.contract.ts';
import { PAGE_SIZE } from './constants.ts';
import { shipmentSchema } from './order-fulfilment.contract.ts';
import { orderStatuses, paymentStatuses } from './order-statuses.ts';
import { hasControlCharacters } from './control-characters.ts';
import { required, requiredText, text } from './text-fields.ts';
import { wholeNumber } from './catalog-console.contract.ts';

export const PLACE_ORDER_SELECT_SHOP_MESSAGE = 'Please select at least one shop';
export const ORDER_PLACED_MESSAGE = 'Order placed successfully';
/** The header a Place Order attempt carries; a retry of the same attempt repeats it. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * `POST /api/place-order`: the checkout's fields plus where and how to pay. Unknown fields (price,
 * status, user_id, payment_status…) are dropped by the parser: the server prices every line itself.
 */
const placementFields = checkoutFields.extend({
  shop_ids: checkoutFields.shape.shop_ids.min(1, PLACE_ORDER_SELECT_SHOP_MESSAGE),
  payment_method: requiredText('payment method', { max: 50 }),
  note: text('note', { max: 1000, multiline: true })
    .nullish()
    .transform((note) => note || undefined),
  /** The payable amount the shopper saw; when the server's differs, prices changed in between. */
  expected_payable_amount: z
    .number({ error: 'The expected payable amount must be a number.' })
    .min(0, 'The expected payable amount must be at least 0.')
    .max(1_000_000_000, 'The expected payable amount is too large.')
    .nullish(),
});

export const placeOrderSchema = withOneCouponField(
  placementFields.extend({
    address_id: z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'The address id field is required.' : 'The address id must be a number.') })
      .int('The selected address is invalid.')
      .positive('The selected address is invalid.')
      .max(2_147_483_647, 'The selected address is invalid.'),
  }),
);
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

/** What a guest gives at checkout instead of an account and an address book entry. */
export const guestContactFields = z.object({
  email: emailSchema,
  phone: phoneDigits(),
  name: requiredText('name', { max: 100 }),
  address_line: requiredText('street address', { max: 255 }),
  city: requiredText('city', { max: 100 }),
  state: text('state', { max: 100 }).optional().default(''),
  post_code: requiredText('postal code', { max: 20 }),
  /** One of `GET /api/countries`, as on an account's address; the service checks that it exists. */
  country_id: addressInputSchema.shape.country_id,
});
export type GuestContact = z.infer<typeof guestContactFields>;

/** `POST /api/place-order` from a visitor while the store allows guest checkout. */
export const guestPlaceOrderSchema = withOneCouponField(placementFields.extend(guestContactFields.shape));
export type GuestPlaceOrderInput = z.infer<typeof guestPlaceOrderSchema>;

/** `POST /api/cart/checkout` from a visitor: the e-mail, once given, lets the vouchers' per-shopper limit apply. */
export const guestCheckoutSchema = withOneCouponField(checkoutFields.extend({ email: emailSchema.optional() }));

/** `GET /api/guest-orders/{key}`: the key of a guest's order link (url-safe characters); anything else is not found. */
export const guestOrderKeySchema = z.object({ key: z.string().regex(/^[\w-]{20,100}$/) });

/** A guest's order link older than the store's `guest_order_link_days`: 410 Gone, with a way to a fresh link. */
export const GUEST_ORDER_LINK_EXPIRED_MESSAGE = 'This order link has expired. Ask for a new one by e-mail.';

/** Days a guest's order link opens the order: a store setting (`guest_order_link_days`). */
export const guestOrderLinkDaysSchema = wholeNumber('guest order link days', 1, 3650);

/** `POST /api/guest-orders/link`'s one answer, whether or not an order matched (decision 050). */
export const GUEST_ORDER_LINK_SENT_MESSAGE = 'If an order matches, we have sent a link to that e-mail.';

/**
 * `POST /api/guest-orders/link`: the guest's e-mail and the order, named by its number ("OS100123",
 * "#os100123") or by the key of its expired link.
 */
export const guestOrderLinkRequestSchema = z
  .object({
    email: emailSchema,
    order_number: text('order number', { max: 20 })
      .transform((value) => value.replace(/^#/, '').toUpperCase())
      .optional(),
    key: text('key', { max: 100 }).optional(),
  })
  // Checked even when the e-mail is refused, so that the form shows every missing field at once.
  .refine((request) => request.order_number || request.key, { error: required('order number'), path: ['order_number'], when: ({ value }) => typeof value === 'object' && value !== null });
export type GuestOrderLinkRequest = z.input<typeof guestOrderLinkRequestSchema>;

/** The path of `GET /api/guest-orders/{key}` as declared: any text, which the handler checks with `guestOrderKeySchema`. */
export const guestOrderParamsSchema = z.object({ key: z.string().meta({ description: "The key of the order's link (mail and first answer); any other is not found" }) });

/** A path's record id (orders, payments); anything but a positive database id names no record, a 404 the handler answers. */
export const recordIdParamsSchema = z.object({ id: z.string().meta({ description: 'The record id', example: '42' }) });

export const idempotencyKeySchema = z
  .string({ error: 'The Idempotency-Key header is required.' })
  .trim()
  .refine((key) => !hasControlCharacters(key), { error: 'The Idempotency-Key header contains characters that are not allowed.', abort: true })
  .min(1, 'The Idempotency-Key header is required.')
  .max(200, 'The Idempotency-Key header must not be greater than 200 characters.');

export const placedOrdersSchema = z.object({
  order_payment_url: z.string().nullable(),
  /** `guest_order_url`: a guest's link to the order (also in the confirmation mail); only in the first answer. */
  orders: z.array(z.object({ id: z.number().int(), order_number: z.string(), guest_order_url: z.string().optional() })),
});
export type PlacedOrders = z.infer<typeof placedOrdersSchema>;

/** `GET /api/orders?order_status=&page=&per_page=`; no status (or `all`) lists every order. */
export const orderListQuerySchema = z.object({
  order_status: z
    .preprocess((value) => (value === '' ? undefined : value), z.enum(['all', ...orderStatuses], { error: 'The selected order status is invalid.' }).optional())
    .transform((status) => (status === 'all' ? undefined : status)),
  page: z.coerce
    .number({ error: 'The page must be a number.' })
    .int('The page must be an integer.')
    .min(1, 'The page must be at least 1.')
    .max(100_000, 'The page must not be greater than 100000.')
    .default(1),
  per_page: z.coerce
    .number({ error: 'The per page must be a number.' })
    .int('The per page must be an integer.')
    .min(1, 'The per page must be at least 1.')
    .max(50, 'The per page must not be greater than 50.')
    .default(PAGE_SIZE),
});

/** `POST /api/orders/{id}/reviews`. */
export const reviewInputSchema = z.object({
  product_id: addToCartSchema.shape.product_id,
  rating: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'The rating field is required.' : 'The rating must be a number.') })
    .int('The rating must be between 1 and 5.')
    .min(1, 'The rating must be between 1 and 5.')
    .max(5, 'The rating must be between 1 and 5.'),
  comment: text('comment', { max: 1000, multiline: true })
    .nullish()
    .transform((comment) => comment ?? ''),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

const orderShopSchema = z.object({ id: z.number().int(), name: z.string() });

/** An order in Order History; amounts are decimals with two places. */
export const orderSummarySchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  shop: orderShopSchema,
  status: z.enum(orderStatuses),
  payment_method: z.string(),
  payment_status: z.enum(paymentStatuses),
  /** Units across the order's lines. */
  total_items: z.number().int(),
  payable_amount: z.number(),
  created_at: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderListSchema = z.object({
  total: z.number().int(),
  status_wise_orders: z.object({
    all: z.number().int(),
    pending: z.number().int(),
    confirm: z.number().int(),
    processing: z.number().int(),
    pickup: z.number().int(),
    on_the_way: z.number().int(),
    delivered: z.number().int(),
    cancelled: z.number().int(),
  }),
  orders: z.array(orderSummarySchema),
});
export type OrderList = z.infer<typeof orderListSchema>;

export const orderAddressSchema = z.object({
  name: z.string(),
  phone: z.string(),
  area: z.string(),
  flat_no: z.string(),
  address_type: z.string(),
  address_line: z.string(),
  address_line2: z.string(),
  post_code: z.string(),
  city: z.string(),
  state: z.string(),
  /** The country's name and ISO code when the order was placed (empty on orders placed before they were kept). */
  country: z.string(),
  country_code: z.string(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

export const orderLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  thumbnail: z.string(),
  unit_price: z.number(),
  quantity: z.number().int(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  unit: z.string().nullable(),
  line_total: z.number(),
  can_review: z.boolean(),
  review: z
    .object({
      rating: z.number().int(),
      comment: z.string(),
      /** Set when the store hid the review from the storefront: why, in the words of whoever hid it. */
      hidden: z.object({ reason: z.string() }).nullable(),
    })
    .nullable(),
});

export const orderDetailSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: z.enum(orderStatuses),
  payment_method: z.string(),
  payment_status: z.enum(paymentStatuses),
  note: z.string().nullable(),
  created_at: z.string(),
  shop: orderShopSchema.extend({ logo: z.string() }),
  address: orderAddressSchema,
  items: z.array(orderLineSchema),
  status_history: z.array(z.object({ status: z.enum(orderStatuses), created_at: z.string() })),
  subtotal: z.number(),
  delivery_charge: z.number(),
  coupon_discount: z.number(),
  tax_amount: z.number(),
  /** What the tax was charged on: the goods less the voucher discount, as the order's lines were placed (decision 054). */
  taxable_amount: z.number(),
  /** The tax rate in percent when every line was taxed at one rate; null when the lines' rates differ. */
  tax_rate: z.number().nullable(),
  payable_amount: z.number(),
  currency: z.object({ name: z.string(), symbol: z.string(), rate: z.number() }),
  /** The parcels the shop sent, with carrier, tracking number and link (decision 037). */
  shipments: z.array(shipmentSchema),
  /** Why the store cancelled the order; null unless the store cancelled it with a reason. */
  cancel_reason: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
