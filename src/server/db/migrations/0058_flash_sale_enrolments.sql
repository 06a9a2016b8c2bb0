CREATE TABLE "flash_sale_enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"flash_sale_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"sale_price" integer NOT NULL,
	"percentage" integer,
	"stock_cap" integer,
	"sold" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flash_sale_enrolments_price_positive" CHECK ("flash_sale_enrolments"."sale_price" > 0),
	CONSTRAINT "flash_sale_enrolments_percentage_range" CHECK ("flash_sale_enrolments"."percentage" is null or "flash_sale_enrolments"."percentage" between 1 and 99),
	CONSTRAINT "flash_sale_enrolments_cap_positive" CHECK ("flash_sale_enrolments"."stock_cap" is null or "flash_sale_enrolments"."stock_cap" > 0),
	CONSTRAINT "flash_sale_enrolments_sold_within_cap" CHECK ("flash_sale_enrolments"."sold" >= 0 and ("flash_sale_enrolments"."stock_cap" is null or "flash_sale_enrolments"."sold" <= "flash_sale_enrolments"."stock_cap"))
);
--> statement-breakpoint
ALTER TABLE "flash_sales" ADD COLUMN "banner_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD COLUMN "enrolment_starts_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD COLUMN "enrolment_ends_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD COLUMN "auto_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD COLUMN "ended_early_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "flash_sale_id" integer;--> statement-breakpoint
ALTER TABLE "flash_sale_enrolments" ADD CONSTRAINT "flash_sale_enrolments_flash_sale_id_flash_sales_id_fk" FOREIGN KEY ("flash_sale_id") REFERENCES "public"."flash_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sale_enrolments" ADD CONSTRAINT "flash_sale_enrolments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sale_enrolments" ADD CONSTRAINT "flash_sale_enrolments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sale_enrolments" ADD CONSTRAINT "flash_sale_enrolments_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flash_sale_enrolments_one_per_variant" ON "flash_sale_enrolments" USING btree ("flash_sale_id","variant_id");--> statement-breakpoint
CREATE INDEX "flash_sale_enrolments_shop_idx" ON "flash_sale_enrolments" USING btree ("flash_sale_id","shop_id","id");--> statement-breakpoint
CREATE INDEX "flash_sale_enrolments_product_idx" ON "flash_sale_enrolments" USING btree ("product_id") WHERE "flash_sale_enrolments"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "flash_sale_enrolments_variant_idx" ON "flash_sale_enrolments" USING btree ("variant_id") WHERE "flash_sale_enrolments"."status" = 'approved';--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_flash_sale_id_flash_sales_id_fk" FOREIGN KEY ("flash_sale_id") REFERENCES "public"."flash_sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flash_sales_starts_idx" ON "flash_sales" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "order_items_flash_sale_idx" ON "order_items" USING btree ("flash_sale_id") WHERE "order_items"."flash_sale_id" is not null;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_ends_after_start" CHECK ("flash_sales"."ends_at" > "flash_sales"."starts_at");--> statement-breakpoint
-- Backfill (hand-written, decision 051): a sale's enrolment window closed at its start, and each
-- product's sale price became an approved enrolment of every one of its variants.
UPDATE "flash_sales" SET "enrolment_starts_at" = "starts_at" - interval '7 days', "enrolment_ends_at" = "starts_at", "created_at" = least("created_at", "starts_at"), "updated_at" = least("updated_at", "starts_at");--> statement-breakpoint
INSERT INTO "flash_sale_enrolments" ("flash_sale_id", "shop_id", "product_id", "variant_id", "sale_price", "status", "decided_at")
SELECT fsp."flash_sale_id", p."shop_id", fsp."product_id", v."id", fsp."price", 'approved', now()
FROM "flash_sale_products" fsp
JOIN "products" p ON p."id" = fsp."product_id"
JOIN "product_variants" v ON v."product_id" = fsp."product_id"
ON CONFLICT DO NOTHING;
