CREATE TABLE "dashboard_product_days" (
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"units" integer NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "dashboard_product_days_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_rollup_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text NOT NULL,
	"watermark" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_shop_days" (
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"items" integer NOT NULL,
	"revenue" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"refunds" bigint NOT NULL,
	"statuses" jsonb NOT NULL,
	CONSTRAINT "dashboard_shop_days_day_shop_id_pk" PRIMARY KEY("day","shop_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_store_days" (
	"day" date PRIMARY KEY NOT NULL,
	"new_customers" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_product_days" ADD CONSTRAINT "dashboard_product_days_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_shop_days" ADD CONSTRAINT "dashboard_shop_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_product_days_shop_idx" ON "dashboard_product_days" USING btree ("shop_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_shop_days_shop_idx" ON "dashboard_shop_days" USING btree ("shop_id","day");--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at");