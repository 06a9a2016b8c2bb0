CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"color_id" integer,
	"size_id" integer,
	"sku" text NOT NULL,
	"barcode" text,
	"price" integer,
	"discount_price" integer,
	"stock" integer DEFAULT 0 NOT NULL,
	"image" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_sku_unique" UNIQUE("sku"),
	CONSTRAINT "product_variants_stock_not_negative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_positive" CHECK ("product_variants"."price" is null or "product_variants"."price" > 0),
	CONSTRAINT "product_variants_discount_below_price" CHECK ("product_variants"."discount_price" is null or ("product_variants"."discount_price" >= 0 and ("product_variants"."price" is null or "product_variants"."discount_price" < "product_variants"."price")))
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"change" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_change_not_zero" CHECK ("stock_movements"."change" <> 0)
);
--> statement-breakpoint
-- Every product gets its variants: one per colour x size it offers (or per colour, or per size), or
-- one default variant without options. The product's stock is split evenly, the remainder to the
-- first variant (lowest colour, then size in size order); the ledger starts with an import per variant.
CREATE TEMPORARY TABLE "variant_plan" AS
WITH combinations AS (
	SELECT p.id AS product_id, p.sku AS product_sku, p.stock, pc.color_id, c.name AS color_name, ps.size_id, s.name AS size_name, s.sort_order AS size_order
	FROM "products" p
	LEFT JOIN "product_colors" pc ON pc.product_id = p.id
	LEFT JOIN "colors" c ON c.id = pc.color_id
	LEFT JOIN "product_sizes" ps ON ps.product_id = p.id
	LEFT JOIN "sizes" s ON s.id = ps.size_id
), numbered AS (
	SELECT *,
		row_number() OVER (PARTITION BY product_id ORDER BY color_id NULLS FIRST, size_order NULLS FIRST, size_id NULLS FIRST) AS position,
		count(*) OVER (PARTITION BY product_id) AS variant_count,
		product_sku
			|| coalesce('-' || regexp_replace(upper(color_name), '[^A-Z0-9]+', '', 'g'), '')
			|| coalesce('-' || regexp_replace(upper(size_name), '[^A-Z0-9]+', '', 'g'), '') AS candidate_sku
	FROM combinations
)
SELECT product_id, color_id, size_id, position,
	(stock / variant_count + CASE WHEN position = 1 THEN stock % variant_count ELSE 0 END)::int AS stock,
	candidate_sku || CASE WHEN count(*) OVER (PARTITION BY candidate_sku) > 1
		THEN '-' || row_number() OVER (PARTITION BY candidate_sku ORDER BY product_id, position) ELSE '' END AS sku
FROM numbered;
--> statement-breakpoint
INSERT INTO "product_variants" ("product_id", "color_id", "size_id", "sku", "stock")
SELECT product_id, color_id, size_id, sku, stock FROM "variant_plan" ORDER BY product_id, position;
--> statement-breakpoint
DROP TABLE "variant_plan";
--> statement-breakpoint
INSERT INTO "stock_movements" ("variant_id", "change", "reason", "reference")
SELECT id, stock, 'import', 'migration 0012_product_variants_stock_ledger' FROM "product_variants" WHERE stock <> 0 ORDER BY id;
--> statement-breakpoint
-- Cart and order lines point to the variant of their colour and size, else to their product's first variant.
ALTER TABLE "cart_items" ADD COLUMN "variant_id" integer;
--> statement-breakpoint
UPDATE "cart_items" ci SET "variant_id" = coalesce(
	(SELECT v.id FROM "product_variants" v WHERE v.product_id = ci.product_id AND v.color_id IS NOT DISTINCT FROM ci.color_id AND v.size_id IS NOT DISTINCT FROM ci.size_id),
	(SELECT min(v.id) FROM "product_variants" v WHERE v.product_id = ci.product_id));
--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;
--> statement-breakpoint
UPDATE "order_items" oi SET "variant_id" = coalesce(
	(SELECT v.id FROM "product_variants" v
		LEFT JOIN "colors" c ON c.id = v.color_id
		LEFT JOIN "sizes" s ON s.id = v.size_id
		WHERE v.product_id = oi.product_id AND c.name IS NOT DISTINCT FROM oi.color AND s.name IS NOT DISTINCT FROM oi.size),
	(SELECT min(v.id) FROM "product_variants" v WHERE v.product_id = oi.product_id));
--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "variant_id" SET NOT NULL
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_color_id_colors_id_fk";
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_size_id_sizes_id_fk";
--> statement-breakpoint
DROP INDEX "cart_items_one_line_per_product";
--> statement-breakpoint
DROP INDEX "cart_items_guest_one_line_per_product";
--> statement-breakpoint
DROP INDEX "order_items_one_line_per_product";
--> statement-breakpoint
ALTER TABLE "cart_items" DROP COLUMN "color_id";
--> statement-breakpoint
ALTER TABLE "cart_items" DROP COLUMN "size_id"
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_color_id_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colors"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_size_id_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_one_per_combination" ON "product_variants" USING btree ("product_id",coalesce("color_id", 0),coalesce("size_id", 0));
--> statement-breakpoint
CREATE INDEX "product_variants_color_in_stock_idx" ON "product_variants" USING btree ("color_id","product_id") WHERE "product_variants"."is_active" and "product_variants"."stock" > 0;
--> statement-breakpoint
CREATE INDEX "product_variants_size_in_stock_idx" ON "product_variants" USING btree ("size_id","product_id") WHERE "product_variants"."is_active" and "product_variants"."stock" > 0;
--> statement-breakpoint
CREATE INDEX "stock_movements_variant_idx" ON "stock_movements" USING btree ("variant_id","created_at");
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_one_line_per_variant" ON "cart_items" USING btree ("user_id","variant_id") WHERE not "cart_items"."is_buy_now";
--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_guest_one_line_per_variant" ON "cart_items" USING btree ("guest_cart_id","variant_id") WHERE not "cart_items"."is_buy_now";
--> statement-breakpoint
CREATE INDEX "cart_items_variant_idx" ON "cart_items" USING btree ("variant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_one_line_per_variant" ON "order_items" USING btree ("order_id","variant_id");
--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");
