ALTER TABLE "products" ALTER COLUMN "tax_rate" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "tax_rate" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "taxable_amount" integer;--> statement-breakpoint
-- Decision 054: no screen ever set a product's rate, so a 0 is "none set": the store's rate (0 until the owner sets one).
UPDATE "products" SET "tax_rate" = NULL WHERE "tax_rate" = 0;--> statement-breakpoint
-- Orders placed before decision 054 were taxed on the line total: that was their taxable amount.
UPDATE "order_items" SET "taxable_amount" = "line_total";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "taxable_amount" SET NOT NULL;
