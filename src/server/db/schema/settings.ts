import { boolean, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { translationsColumn } from '../translations.ts';

/** Store-wide settings as key/value rows, so a store owner can change any of them without a migration. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  symbol: text('symbol').notNull(),
  position: text('position', { enum: ['prefix', 'suffix'] }).notNull().default('prefix'),
  /** Units of this currency per one unit of the store's base currency. */
  rate: numeric('rate', { precision: 18, scale: 6 }).notNull().default('1'),
  isDefault: boolean('is_default').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  /** The locale code, e.g. "en"; the spec calls it the language's name. */
  name: text('name').notNull().unique(),
  title: text('title').notNull(),
  direction: text('direction', { enum: ['ltr', 'rtl'] }).notNull().default('ltr'),
  isDefault: boolean('is_default').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  phoneCode: text('phone_code').notNull(),
});

export const socialLinks = pgTable('social_links', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  link: text('link').notNull(),
  logo: text('logo').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const paymentGateways = pgTable('payment_gateways', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  title: text('title').notNull(),
  logo: text('logo').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  /** The title in other languages (decision 019). */
  translations: translationsColumn(),
});
