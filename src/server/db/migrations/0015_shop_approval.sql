ALTER TABLE "shops" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "seller_terms_accepted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shops_status_idx" ON "shops" USING btree ("status","id");--> statement-breakpoint
-- Data: the products of a shop that is not approved are withheld from the storefront (decision 029).
UPDATE "products" SET "status" = 'withheld' WHERE "status" = 'active' AND "shop_id" IN (SELECT "id" FROM "shops" WHERE "status" <> 'approved');
