CREATE TABLE "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"color_id" integer,
	"size_id" integer,
	"unit" text NOT NULL,
	"is_buy_now" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "voucher_collections" (
	"user_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"collected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_collections_user_id_voucher_id_pk" PRIMARY KEY("user_id","voucher_id")
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount" integer NOT NULL,
	"min_order_amount" integer DEFAULT 0 NOT NULL,
	"max_discount_amount" integer,
	"total_limit" integer,
	"limit_for_user" integer DEFAULT 1 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_code_unique" UNIQUE("code"),
	CONSTRAINT "vouchers_code_upper_case" CHECK ("vouchers"."code" = upper("vouchers"."code") and length("vouchers"."code") between 1 and 50),
	CONSTRAINT "vouchers_discount_range" CHECK ("vouchers"."discount" > 0 and ("vouchers"."discount_type" <> 'percentage' or "vouchers"."discount" <= 100)),
	CONSTRAINT "vouchers_min_order_not_negative" CHECK ("vouchers"."min_order_amount" >= 0),
	CONSTRAINT "vouchers_max_discount_positive" CHECK ("vouchers"."max_discount_amount" is null or "vouchers"."max_discount_amount" > 0),
	CONSTRAINT "vouchers_limits_positive" CHECK ("vouchers"."limit_for_user" > 0 and ("vouchers"."total_limit" is null or "vouchers"."total_limit" > 0)),
	CONSTRAINT "vouchers_used_within_limit" CHECK ("vouchers"."used_count" >= 0 and ("vouchers"."total_limit" is null or "vouchers"."used_count" <= "vouchers"."total_limit")),
	CONSTRAINT "vouchers_window_ordered" CHECK ("vouchers"."expires_at" > "vouchers"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_color_id_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_size_id_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_collections" ADD CONSTRAINT "voucher_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_collections" ADD CONSTRAINT "voucher_collections_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_one_line_per_product" ON "cart_items" USING btree ("user_id","product_id") WHERE not "cart_items"."is_buy_now";--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_one_buy_now_line" ON "cart_items" USING btree ("user_id") WHERE "cart_items"."is_buy_now";--> statement-breakpoint
CREATE INDEX "cart_items_product_idx" ON "cart_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "voucher_collections_voucher_idx" ON "voucher_collections" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_user_idx" ON "voucher_redemptions" USING btree ("voucher_id","user_id");--> statement-breakpoint
CREATE INDEX "vouchers_shop_idx" ON "vouchers" USING btree ("shop_id","expires_at");