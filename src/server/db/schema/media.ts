import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { shops } from './catalog.ts';

/** One stored encoding of an uploaded picture: `/media/uploads/library/{key}-{width}.{format}`. */
export interface MediaFileVariant {
  width: number;
  height: number;
  format: 'webp' | 'avif';
  bytes: number;
}

/**
 * The console's media library: each picture uploaded through `POST /api/console/media`, re-encoded
 * into the files its `variants` list. A shop's people attach only their shop's pictures; the store's
 * staff upload with no shop.
 */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: serial('id').primaryKey(),
    /** The uploader's shop; null for the store's staff. */
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The random part of its file names, never reused. */
    fileKey: text('file_key').notNull(),
    /** The name the file had on the uploader's computer, cleaned of paths and control characters. */
    originalName: text('original_name').notNull(),
    /** Size of the file as uploaded. */
    byteSize: integer('byte_size').notNull(),
    /** Of the largest stored variant (after auto-rotation and the 2000 px cap). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    variants: jsonb('variants').$type<MediaFileVariant[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('media_assets_file_key_idx').on(table.fileKey), index('media_assets_shop_idx').on(table.shopId, table.createdAt.desc())],
);
