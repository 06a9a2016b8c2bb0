import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LOCALES } from '../../../shared/constants.ts';
import { products, shops } from './catalog.ts';
import { countries } from './settings.ts';

export const userRoles = ['customer', 'seller', 'admin'] as const;
export const otpPurposes = ['register', 'forgot_password', 'verify_account'] as const;
export const otpChannels = ['email', 'phone'] as const;
export const socialProviders = ['google', 'facebook', 'apple'] as const;
export const addressTypes = ['home', 'office', 'other'] as const;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-cased; null for a social account whose provider gave none. */
    email: text('email'),
    country: text('country'),
    phoneCode: text('phone_code'),
    /** Digits only. */
    phone: text('phone'),
    /** Null for an account that only ever signed in through a social provider. */
    passwordHash: text('password_hash'),
    profilePhoto: text('profile_photo'),
    gender: text('gender', { enum: ['male', 'female', 'other'] }),
    birthday: date('birthday'),
    role: text('role', { enum: userRoles }).notNull().default('customer'),
    /** The shop a seller manages. */
    shopId: integer('shop_id').references(() => shops.id),
    /** Set once the shopper proved they own the e-mail or phone with a one-time code. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Set while the store's staff block the account: it cannot sign in or order, and its sessions are refused. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** Why staff blocked it (shown to staff only); null while not blocked. */
    blockedReason: text('blocked_reason'),
    /** The language they last signed in or chose the console in: what mails to them are written in; null before either (the store's). */
    locale: text('locale', { enum: LOCALES }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_phone_unique').on(table.phone),
    // Prefix searches of the console (customer lookup, orders by a customer's e-mail or phone) whatever the database's collation.
    index('users_email_prefix_idx').on(table.email.op('text_pattern_ops')),
    index('users_phone_prefix_idx').on(table.phone.op('text_pattern_ops')),
    index('users_name_prefix_idx').on(sql`lower(${table.name}) text_pattern_ops`),
    // The console's "blocked" filter walks only the few blocked accounts, newest first.
    index('users_blocked_idx').on(table.id.desc()).where(sql`${table.blockedAt} is not null`),
    // The dashboards count a day's new customers (decision 055): today's live, other days by the rollup job.
    index('users_created_idx').on(table.createdAt),
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check('users_seller_has_shop', sql`${table.role} <> 'seller' or ${table.shopId} is not null`),
  ],
);

/** Bearer tokens; only the SHA-256 of the token is kept, so a database leak yields no usable token. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('auth_tokens_user_idx').on(table.userId)],
);

/** One-time codes (docs/product/storefront.md §9: 4 digits), hashed, single use, bound to a purpose. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: otpPurposes }).notNull(),
    channel: text('channel', { enum: otpChannels }).notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('one_time_codes_user_purpose_idx').on(table.userId, table.purpose, table.createdAt.desc())],
);

/** The short-lived token a verified forgot-password code is exchanged for (spec: reset payload `token`). */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider', { enum: socialProviders }).notNull(),
    /** The provider's stable user id (`sub` of an ID token, Facebook's user id). */
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] }), index('social_identities_user_idx').on(table.userId)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    area: text('area').notNull(),
    flatNo: text('flat_no').notNull().default(''),
    addressType: text('address_type', { enum: addressTypes }).notNull().default('home'),
    addressLine: text('address_line').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    postCode: text('post_code').notNull().default(''),
    /** Empty only on addresses saved before the city was asked for. */
    city: text('city').notNull(),
    /** State, province or region: free text, often empty. */
    state: text('state').notNull().default(''),
    /** Null only on addresses saved before the country was asked for, in a store that had no countries. */
    countryId: integer('country_id').references(() => countries.id),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('addresses_user_idx').on(table.userId),
    // At most one default address per shopper, whatever the application does.
    uniqueIndex('addresses_one_default_per_user').on(table.userId).where(sql`${table.isDefault}`),
  ],
);

export const favoriteProducts = pgTable(
  'favorite_products',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] })],
);
