import { z } from 'zod';
import { emailSchema, passwordSchema, phoneDigits } from './account.contract.ts';
import { commissionPercentSchema } from './catalog-console.contract.ts';
import { shopStatuses } from './console.contract.ts';
import { pageCursor, pageLimit } from './list-pages.ts';
import { requiredText, text } from './text-fields.ts';

/**
 * A product's visibility: `withheld` is an active product of a shop that is not approved. It shows
 * again, as `active`, when the shop is approved (decision 029).
 */
export const productStatuses = ['active', 'draft', 'withheld'] as const;

export const SELLER_TERMS_MESSAGE = 'The seller terms must be accepted.';
export const SELLER_REGISTRATION_CLOSED_MESSAGE = 'Seller registration is closed.';

/** A form sends its checkbox as text: "true", "on" or "1" is ticked. */
const sellerTermsSchema = z.preprocess(
  (value) => (typeof value === 'string' ? ['true', 'on', '1'].includes(value) : value),
  z.boolean({ error: SELLER_TERMS_MESSAGE }).refine((accepted) => accepted, SELLER_TERMS_MESSAGE),
);

const shopEmailSchema = requiredText('shop email', { max: 254 }).toLowerCase().pipe(z.email('The shop email must be a valid email address.'));

/** The shop's own fields, the same when applying and when its owner edits them. */
const shopFields = {
  shop_name: requiredText('shop name', { max: 100 }),
  description: text('description', { max: 2000, multiline: true }).optional(),
  address: requiredText('address', { max: 255 }),
  shop_phone: phoneDigits('shop phone'),
  shop_email: shopEmailSchema,
};

/**
 * `POST /api/shop-registrations` (multipart/form-data with the `logo` and `banner` pictures): a
 * signed-in shopper's account becomes the shop's owner; a visitor also gives `name`, `email` and
 * `password` for a new account, checked as registration checks them.
 */
export const shopRegistrationSchema = z.object({
  ...shopFields,
  accept_terms: sellerTermsSchema,
});
export type ShopRegistrationInput = z.infer<typeof shopRegistrationSchema>;

/** The new account's fields of `POST /api/shop-registrations`, for a visitor who is not signed in. */
export const sellerAccountSchema = z.object({
  name: requiredText('name', { max: 100 }),
  email: emailSchema,
  password: passwordSchema(),
});
export type SellerAccountInput = z.infer<typeof sellerAccountSchema>;

/** The shop an owner applied with, as they and the store's staff see it. */
export const shopProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string(),
  banner: z.string(),
  description: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  /** Decimal, 2 places. */
  delivery_charge: z.number(),
  status: z.enum(shopStatuses),
  /** Why it was rejected or suspended; null otherwise. */
  status_reason: z.string().nullable(),
  created_at: z.string(),
});
export type ShopProfile = z.infer<typeof shopProfileSchema>;

/** `GET /api/shop-registrations/current`: the signed-in person's shop (null: none) and whether they may open the console. */
export const myShopSchema = z.object({ shop: shopProfileSchema.nullable(), console: z.boolean() });
export type MyShop = z.infer<typeof myShopSchema>;

// ---- The store's review (`/api/console/shop-applications`, `/api/console/shops/{id}/...`) ----

const SHOP_PAGE_SIZE = 20;

export const shopApplicationQuerySchema = z.object({
  status: z.enum(shopStatuses, 'The selected status is invalid.').default('pending'),
  /** `next_cursor` of the page before. */
  cursor: pageCursor,
  limit: pageLimit(SHOP_PAGE_SIZE),
});
export type ShopApplicationQuery = z.infer<typeof shopApplicationQuerySchema>;

export const shopApplicationSchema = shopProfileSchema.extend({
  owner: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }).nullable(),
  /** The shop's own commission rate in percent (decision 052); null: its products' categories' rates, else the store's. The store's staff only. */
  commission_rate: z.number().nullable(),
});
export type ShopApplication = z.infer<typeof shopApplicationSchema>;

/** Oldest application first, so the queue is worked in the order sellers applied. */
export const shopApplicationPageSchema = z.object({ shops: z.array(shopApplicationSchema), next_cursor: z.string().nullable() });
export type ShopApplicationPage = z.infer<typeof shopApplicationPageSchema>;

/**
 * `PUT /api/console/shops/{id}/commission`: the store's staff set the shop's own commission rate in
 * percent, or clear it (null) so its products' categories' rates or the store's apply. A shop never sets its own.
 */
export const shopCommissionSchema = z.object({ commission_rate: commissionPercentSchema.nullable() });
export type ShopCommission = z.infer<typeof shopCommissionSchema>;

/** `POST /api/console/shops/{id}/reject` and `.../suspend`: the reason is mailed to the owner. */
export const shopDecisionReasonSchema = z.object({ reason: requiredText('reason', { max: 1000, multiline: true }) });
export type ShopDecisionReason = z.infer<typeof shopDecisionReasonSchema>;

/** `GET|PATCH /api/console/shop?shop_id=`: the store's staff name the shop; a seller's people have their own (another shop's is not found). */
export const shopProfileQuerySchema = z.object({
  shop_id: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: 'The shop id must be a number.' }).int('The shop id must be an integer.').min(1, 'The shop id must be at least 1.').max(2_147_483_647, 'The shop id must not be greater than 2147483647.').optional(),
  ),
});
export type ShopProfileQuery = z.infer<typeof shopProfileQuerySchema>;

/**
 * `PATCH /api/console/shop` (JSON, or multipart/form-data with `logo` and `banner`): the fields
 * given change. Saved by a rejected shop's owner, it applies again (back to pending).
 */
export const shopProfileChangeSchema = z.object({
  shop_name: shopFields.shop_name.optional(),
  description: shopFields.description,
  address: shopFields.address.optional(),
  shop_phone: shopFields.shop_phone.optional(),
  shop_email: shopEmailSchema.optional(),
  /** Decimal in the store's currency, at most 2 places. */
  delivery_charge: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'The delivery charge must be a number.' })
      .min(0, 'The delivery charge must be at least 0.')
      .max(1_000_000, 'The delivery charge must not be greater than 1000000.')
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'The delivery charge must have at most 2 decimal places.')
      .optional(),
  ),
});
export type ShopProfileChange = z.infer<typeof shopProfileChangeSchema>;
