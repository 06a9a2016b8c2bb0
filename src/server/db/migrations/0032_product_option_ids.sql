ALTER TABLE "products" ADD COLUMN "color_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- A product's colours and sizes on the product (decision 041): written only by these triggers, from
-- the join tables, whatever writes those (the console, approvals, seeds).
UPDATE "products" SET "color_ids" = chosen.ids
FROM (SELECT "product_id", array_agg("color_id" ORDER BY "color_id") AS ids FROM "product_colors" GROUP BY "product_id") AS chosen
WHERE chosen."product_id" = "products"."id";--> statement-breakpoint
UPDATE "products" SET "size_ids" = chosen.ids
FROM (SELECT "product_id", array_agg("size_id" ORDER BY "size_id") AS ids FROM "product_sizes" GROUP BY "product_id") AS chosen
WHERE chosen."product_id" = "products"."id";--> statement-breakpoint
CREATE FUNCTION "products_copy_option_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV: the join table, its option's column, the product's copy of them.
  EXECUTE format(
    'UPDATE "products" SET %3$I = coalesce((SELECT array_agg(%2$I ORDER BY %2$I) FROM %1$I WHERE "product_id" = "products"."id"), ''{}'') '
    'WHERE "id" IN (SELECT "product_id" FROM "changed")',
    TG_ARGV[0], TG_ARGV[1], TG_ARGV[2]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_colors_added" AFTER INSERT ON "product_colors" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "products_copy_option_ids"('product_colors', 'color_id', 'color_ids');--> statement-breakpoint
CREATE TRIGGER "product_colors_removed" AFTER DELETE ON "product_colors" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "products_copy_option_ids"('product_colors', 'color_id', 'color_ids');--> statement-breakpoint
CREATE TRIGGER "product_colors_moved_from" AFTER UPDATE ON "product_colors" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "products_copy_option_ids"('product_colors', 'color_id', 'color_ids');--> statement-breakpoint
CREATE TRIGGER "product_colors_moved_to" AFTER UPDATE ON "product_colors" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "products_copy_option_ids"('product_colors', 'color_id', 'color_ids');--> statement-breakpoint
CREATE TRIGGER "product_sizes_added" AFTER INSERT ON "product_sizes" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "products_copy_option_ids"('product_sizes', 'size_id', 'size_ids');--> statement-breakpoint
CREATE TRIGGER "product_sizes_removed" AFTER DELETE ON "product_sizes" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "products_copy_option_ids"('product_sizes', 'size_id', 'size_ids');--> statement-breakpoint
CREATE TRIGGER "product_sizes_moved_from" AFTER UPDATE ON "product_sizes" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "products_copy_option_ids"('product_sizes', 'size_id', 'size_ids');--> statement-breakpoint
CREATE TRIGGER "product_sizes_moved_to" AFTER UPDATE ON "product_sizes" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "products_copy_option_ids"('product_sizes', 'size_id', 'size_ids');--> statement-breakpoint
CREATE INDEX "products_color_ids_idx" ON "products" USING gin ("color_ids");--> statement-breakpoint
CREATE INDEX "products_size_ids_idx" ON "products" USING gin ("size_ids");--> statement-breakpoint
ANALYZE "products";
