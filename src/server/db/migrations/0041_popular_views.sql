DROP INDEX "products_active_views_idx";--> statement-breakpoint
DROP INDEX "products_category_views_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "popular_views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "products" SET "popular_views" = "view_count";--> statement-breakpoint
-- Room on each page for a row's next version, so that counting a view rewrites it in place (a HOT update).
ALTER TABLE "products" SET (fillfactor = 90);--> statement-breakpoint
CREATE INDEX "products_active_views_idx" ON "products" USING btree ("status","popular_views" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_category_views_idx" ON "products" USING btree ("category_id","status","popular_views" DESC NULLS FIRST,"id" DESC NULLS FIRST);
