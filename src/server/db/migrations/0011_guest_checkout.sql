CREATE TABLE "guest_carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_carts_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_key_pk";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "guest_cart_id" integer;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "guest_cart_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_key_hash" text;--> statement-breakpoint
CREATE INDEX "guest_carts_created_idx" ON "guest_carts" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_guest_cart_id_guest_carts_id_fk" FOREIGN KEY ("guest_cart_id") REFERENCES "public"."guest_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_guest_cart_id_guest_carts_id_fk" FOREIGN KEY ("guest_cart_id") REFERENCES "public"."guest_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_guest_one_line_per_product" ON "cart_items" USING btree ("guest_cart_id","product_id") WHERE not "cart_items"."is_buy_now";--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_guest_one_buy_now_line" ON "cart_items" USING btree ("guest_cart_id") WHERE "cart_items"."is_buy_now";--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_guest_idx" ON "voucher_redemptions" USING btree ("voucher_id","guest_email");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key" ON "idempotency_keys" USING btree ("user_id","key") WHERE "idempotency_keys"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_guest_key" ON "idempotency_keys" USING btree ("guest_cart_id","key") WHERE "idempotency_keys"."guest_cart_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_guest_key_hash_unique" UNIQUE("guest_key_hash");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_one_owner" CHECK (("cart_items"."user_id" is null) <> ("cart_items"."guest_cart_id" is null));--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_one_redeemer" CHECK (("voucher_redemptions"."user_id" is null) <> ("voucher_redemptions"."guest_email" is null));--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_one_owner" CHECK (("idempotency_keys"."user_id" is null) <> ("idempotency_keys"."guest_cart_id" is null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_or_guest" CHECK ("orders"."user_id" is not null or ("orders"."guest_email" is not null and "orders"."guest_key_hash" is not null));