DROP INDEX "orders_shop_idx";--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "actor_user_id" integer;--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_phone_prefix_idx" ON "users" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_shop_status_created_idx" ON "orders" USING btree ("shop_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_payment_idx" ON "orders" USING btree ("status","payment_status","payment_method","shop_id");--> statement-breakpoint
CREATE INDEX "orders_guest_email_prefix_idx" ON "orders" USING btree ("guest_email" text_pattern_ops) WHERE "orders"."guest_email" is not null;--> statement-breakpoint
CREATE INDEX "orders_shop_idx" ON "orders" USING btree ("shop_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Status and payment go together (a delivered cash order is mostly paid): without these statistics the planner takes a rare pair for a common one and walks the whole list looking for it (decision 035).
CREATE STATISTICS IF NOT EXISTS "orders_status_payment_stats" (mcv, dependencies) ON "status", "payment_status", "payment_method" FROM "orders";
