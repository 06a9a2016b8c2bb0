DROP INDEX "products_active_rating_idx";--> statement-breakpoint
DROP INDEX "products_sub_category_idx";--> statement-breakpoint
CREATE INDEX "products_active_recommended_idx" ON "products" USING btree ("status","rating" DESC NULLS FIRST,"total_sold" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_category_sold_idx" ON "products" USING btree ("category_id","status","total_sold" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_category_views_idx" ON "products" USING btree ("category_id","status","view_count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_category_recommended_idx" ON "products" USING btree ("category_id","status","rating" DESC NULLS FIRST,"total_sold" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_sub_category_sold_idx" ON "products" USING btree ("sub_category_id","status","total_sold" DESC NULLS FIRST,"id" DESC NULLS FIRST);