import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { translationsColumn } from '../translations.ts';
import { users } from './accounts.ts';

export const blogCategories = pgTable('blog_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  translations: translationsColumn(),
  slug: text('slug').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => blogCategories.id),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    thumbnail: text('thumbnail').notNull(),
    /** HTML sanitised when written; still treated as untrusted and sanitised again when served. */
    contentHtml: text('content_html').notNull(),
    translations: translationsColumn(),
    /** Null for a draft; a time in the future schedules the post. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('blog_posts_published_idx').on(table.publishedAt.desc(), table.id.desc()),
    index('blog_posts_category_idx').on(table.categoryId, table.publishedAt.desc()),
  ],
);

/** The store's own pages: terms and conditions, privacy policy, about us and any other the owner adds. */
export const contentPages = pgTable('content_pages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  /** HTML, sanitised on write and on read like a blog post's. */
  contentHtml: text('content_html').notNull(),
  translations: translationsColumn(),
  isPublished: boolean('is_published').notNull().default(true),
  /** The footer's column the page's link is in ('company', 'help'); null: not in the footer. */
  footerGroup: text('footer_group'),
  /** Its place within that column. */
  footerOrder: integer('footer_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  question: text('question').notNull(),
  /** Plain text; line breaks are kept when shown. */
  answer: text('answer').notNull(),
  /** The FAQ page's heading the question is under; empty: none. Translated like the question. */
  category: text('category').notNull().default(''),
  translations: translationsColumn(),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Messages sent through the Contact Us form, kept whether or not the mail to the store went out. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    /** The signed-in shopper who sent it, if any. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the copy to the store's e-mail was handed to the mailer; null if that failed. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt.desc())],
);
