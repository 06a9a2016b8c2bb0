DROP INDEX "products_active_sold_idx";--> statement-breakpoint
DROP INDEX "products_active_recommended_idx";--> statement-breakpoint
DROP INDEX "products_category_sold_idx";--> statement-breakpoint
DROP INDEX "products_category_recommended_idx";--> statement-breakpoint
DROP INDEX "products_sub_category_sold_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ranked_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The sales orders' copy of the count; in no index while it is written, so each row is rewritten in place where its page has room.
UPDATE "products" SET "ranked_sold" = "total_sold" WHERE "total_sold" <> 0;--> statement-breakpoint
CREATE INDEX "products_active_sold_idx" ON "products" USING btree ("status","ranked_sold" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_active_recommended_idx" ON "products" USING btree ("status","rating" DESC NULLS FIRST,"ranked_sold" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_category_sold_idx" ON "products" USING btree ("category_id","status","ranked_sold" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_category_recommended_idx" ON "products" USING btree ("category_id","status","rating" DESC NULLS FIRST,"ranked_sold" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_sub_category_sold_idx" ON "products" USING btree ("sub_category_id","status","ranked_sold" DESC NULLS FIRST,"id" DESC NULLS FIRST);