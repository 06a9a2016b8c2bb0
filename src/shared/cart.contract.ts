import { z } from 'zod';
import { required, text } from './text-fields.ts';

/** The largest quantity one cart line may ask for; stock usually stops a shopper far earlier. */
export const MAX_LINE_QUANTITY = 10_000;
/** The text the storefront compares with to know a decrement emptied the line (docs/product/storefront.md §4). */
export const LINE_REMOVED_MESSAGE = 'product removed from cart';
/** docs/product/storefront.md §8: the answer when a shop has no voucher to show. */
export const NO_VOUCHERS_MESSAGE = 'Sorry there is no voucher available';

/** A record id in a JSON body. */
const bodyId = (field: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required(field) : `The ${field} must be a number.`) })
    .int(`The ${field} must be an integer.`)
    .positive(`The selected ${field} is invalid.`)
    .max(2_147_483_647, `The selected ${field} is invalid.`);

const flag = (field: string) => z.boolean({ error: `The ${field} field must be true or false.` });

/**
 * `POST /api/cart/store`. Colour and size are ids (null when the product has none). Unknown fields
 * (price, user_id…) are dropped by the parser: the server prices every line itself.
 */
export const addToCartSchema = z.object({
  product_id: bodyId('product id'),
  quantity: z
    .number({ error: 'The quantity must be a number.' })
    .int('The quantity must be an integer.')
    .min(1, 'The quantity must be at least 1.')
    .max(MAX_LINE_QUANTITY, `The quantity must not be greater than ${MAX_LINE_QUANTITY}.`)
    .default(1),
  color: bodyId('color').nullish(),
  size: bodyId('size').nullish(),
  unit: text('unit', { max: 30 }).nullish(),
  is_buy_now: flag('is buy now').default(false),
});
export type AddToCartInput = z.infer<typeof addToCartSchema>;

/**
 * `POST /api/cart/increment|decrement|delete`: the line is named by its product, and by its
 * `cart_id` too when the cart holds several variants of that product.
 */
export const cartLineSchema = z.object({
  product_id: bodyId('product id'),
  cart_id: bodyId('cart id').nullish(),
  is_buy_now: flag('is buy now').default(false),
});
export type CartLineInput = z.infer<typeof cartLineSchema>;

/** A voucher code as a shopper types it; blank is no code. */
const couponCode = text('coupon code', { max: 50 })
  .nullish()
  .transform((code) => code || undefined);

/** The field a shop's voucher code is refused on: `coupon_codes.<shop id>`. */
export const shopCouponField = (shopId: number) => `coupon_codes.${shopId}`;

export const COUPON_FIELDS_TOGETHER_MESSAGE = 'The coupon code and coupon codes fields cannot be sent together.';

/**
 * `POST /api/cart/checkout`: the shops to check out now, with vouchers: `coupon_codes` takes one
 * code per shop (keyed by shop id, each judged against its own shop); the spec's single
 * `coupon_code` applies to whichever selected shop its voucher belongs to.
 */
export const checkoutFields = z.object({
  shop_ids: z
    .array(bodyId('shop id'), { error: (issue) => (issue.input === undefined || issue.input === null ? required('shop ids') : 'The shop ids must be an array.') })
    .max(100, 'The shop ids must not have more than 100 items.'),
  coupon_code: couponCode,
  coupon_codes: z
    .record(z.string().regex(/^[1-9]\d{0,9}$/), couponCode, {
      error: (issue) => (issue.code === 'invalid_key' ? 'The coupon codes must be keyed by shop id.' : 'The coupon codes must be an object.'),
    })
    .refine((codes) => Object.keys(codes).length <= 100, 'The coupon codes must not have more than 100 items.')
    .nullish()
    // Blank codes are no codes, none at all is left out; integer keys keep ascending order, so equal requests read alike.
    .transform((codes) => {
      const given = Object.entries(codes ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
      return given.length > 0 ? Object.fromEntries(given) : undefined;
    }),
  is_buy_now: flag('is buy now').default(false),
});

/** A body names its vouchers one way: the spec's single code or the codes per shop. */
export function withOneCouponField<Schema extends z.ZodType<{ coupon_code?: string; coupon_codes?: Record<string, string> }>>(schema: Schema) {
  return schema.refine((input) => !(input.coupon_code && input.coupon_codes), { error: COUPON_FIELDS_TOGETHER_MESSAGE, path: ['coupon_code'] });
}

export const checkoutSchema = withOneCouponField(checkoutFields);
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** `GET /api/get-vouchers?shop_id=`; without a shop, every shop's vouchers. */
export const voucherListQuerySchema = z.object({
  shop_id: z.coerce.number({ error: 'The shop id must be a number.' }).int().positive('The selected shop id is invalid.').max(2_147_483_647).optional(),
});

/** `POST /api/vouchers-collect`. */
export const collectVoucherSchema = z.object({ coupon_id: bodyId('coupon id') });

const choiceSchema = z.object({ id: z.number().int(), name: z.string() });

/** A cart line as the storefront shows it (docs/product/storefront.md §3 cart product); amounts are decimals, two places. */
export const cartProductSchema = z.object({
  /** The product's id: lines are named by product in every cart call (and by cart_id among one product's variants). */
  id: z.number().int(),
  cart_id: z.number().int(),
  /** The variant (colour and size combination) this line holds, and its SKU. */
  variant_id: z.number().int(),
  sku: z.string(),
  thumbnail: z.string(),
  thumbnails: z.array(z.object({ thumbnail: z.string() })),
  brand: z.string().nullable(),
  name: z.string(),
  price: z.number(),
  /** The running flash sale's price, else the product's discount price; 0 for none. */
  discount_price: z.number(),
  discount_percentage: z.number(),
  quantity: z.number().int(),
  size: choiceSchema.nullable(),
  color: choiceSchema.nullable(),
  unit: z.string(),
  shop_id: z.number().int(),
  /** Units left, so the storefront can stop the + button at the limit. */
  stock: z.number().int(),
});
export type CartProduct = z.infer<typeof cartProductSchema>;

export const cartShopGroupSchema = z.object({
  /** The shop's id, as the original API answered. */
  id: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  shop_rating: z.number(),
  products: z.array(cartProductSchema),
});
export type CartShopGroup = z.infer<typeof cartShopGroupSchema>;

/**
 * A line whose product or variant is no longer sold (taken off sale, its shop suspended): the
 * shopper is shown it, to remove it (`POST /cart/delete` with its product and cart ids); it is in no
 * count, figure or checkout.
 */
export const unavailableCartLineSchema = z.object({
  /** The product's id, as a cart line's. */
  id: z.number().int(),
  cart_id: z.number().int(),
  name: z.string(),
  thumbnail: z.string(),
  shop_name: z.string(),
});
export type UnavailableCartLine = z.infer<typeof unavailableCartLineSchema>;

/** The data of every cart call: `total` is the number of lines. */
export const cartSchema = z.object({ total: z.number().int(), cart_items: z.array(cartShopGroupSchema), unavailable_items: z.array(unavailableCartLineSchema) });
export type Cart = z.infer<typeof cartSchema>;

export const checkoutFiguresSchema = z.object({
  total_amount: z.number(),
  delivery_charge: z.number(),
  coupon_discount: z.number(),
  payable_amount: z.number(),
  order_tax_amount: z.number(),
  /** What the tax is charged on: the goods less the voucher discount (decision 054). */
  taxable_amount: z.number(),
  /** The tax rate in percent when every line is taxed at one rate; null when the lines' rates differ. */
  tax_rate: z.number().nullable(),
  /** A shop's order whose goods (after its voucher) reach this is delivered free; null: the store has no free delivery. */
  free_delivery_threshold: z.number().nullable(),
});
export type CheckoutFigures = z.infer<typeof checkoutFiguresSchema>;

/** A shop's part of a checkout: its lines, and the voucher applied to this shop alone. */
export const checkoutShopGroupSchema = cartShopGroupSchema.extend({
  coupon_code: z.string().nullable(),
  coupon_discount: z.number(),
  /** This shop's order's delivery, as charged: 0 when free. */
  delivery_charge: z.number(),
  /** Delivered free: the goods, after the voucher, reached the store's threshold. */
  free_delivery: z.boolean(),
  /** How much more in goods would make this shop's delivery free; null when free, costing nothing or no threshold. */
  until_free_delivery: z.number().nullable(),
  taxable_amount: z.number(),
  tax_amount: z.number(),
});
export type CheckoutShopGroup = z.infer<typeof checkoutShopGroupSchema>;

export const checkoutSummarySchema = z.object({
  checkout: checkoutFiguresSchema,
  apply_coupon: z.boolean(),
  checkout_items: z.array(checkoutShopGroupSchema),
});
export type CheckoutSummary = z.infer<typeof checkoutSummarySchema>;

/** A voucher in a shop's list (docs/design.md §4 voucher shape); amounts are decimals, a percentage is whole percent. */
export const voucherSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  discount_type: z.enum(['Percentage', 'Amount']),
  discount: z.number(),
  min_order_amount: z.number(),
  max_discount_amount: z.number().nullable(),
  limit_for_user: z.number().int(),
  shop_id: z.number().int(),
  /** ISO 8601 start and end of the voucher's window. */
  started: z.string(),
  validity: z.string(),
  is_collected: z.boolean(),
});
export type Voucher = z.infer<typeof voucherSchema>;
