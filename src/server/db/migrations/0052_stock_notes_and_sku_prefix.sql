ALTER TABLE "stock_movements" ADD COLUMN "note" text;--> statement-breakpoint
CREATE INDEX "product_variants_sku_prefix_idx" ON "product_variants" USING btree ("sku" text_pattern_ops);