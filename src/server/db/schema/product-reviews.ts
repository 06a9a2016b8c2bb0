import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ConsoleProduct, ProductUpdate } from '../../../shared/catalog-console.contract.ts';
import { productReviewKinds, productReviewStatuses } from '../../../shared/product-review-console.contract.ts';
import { users } from './accounts.ts';
import { products, shops } from './catalog.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * A seller's proposed product change while the `product_approval` setting is on (decision 033): the
 * edit as sent (`changes`, applied as it is when approved) and the product it would make (`proposed`,
 * for the reviewer to compare). At most one waits per product.
 */
export const productRevisions = pgTable(
  'product_revisions',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: productReviewKinds }).notNull(),
    changes: jsonb('changes').$type<ProductUpdate>().notNull(),
    proposed: jsonb('proposed').$type<ConsoleProduct>().notNull(),
    status: text('status', { enum: productReviewStatuses }).notNull().default('pending'),
    reason: text('reason'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    check('product_revisions_kind', sql`${table.kind} in (${inList(productReviewKinds)})`),
    check('product_revisions_status', sql`${table.status} in (${inList(productReviewStatuses)})`),
    index('product_revisions_status_idx').on(table.status, table.id),
    index('product_revisions_product_idx').on(table.productId, table.id),
    uniqueIndex('product_revisions_one_pending').on(table.productId).where(sql`${table.status} = 'pending'`),
  ],
);
