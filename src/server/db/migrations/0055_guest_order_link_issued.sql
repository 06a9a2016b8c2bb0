ALTER TABLE "orders" ADD COLUMN "guest_key_issued_at" timestamp with time zone;--> statement-breakpoint
-- A link made before links had a lifetime counts from its order's placing, when its mail went out.
UPDATE "orders" SET "guest_key_issued_at" = "created_at" WHERE "guest_key_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_guest_key_issued" CHECK ("orders"."guest_key_hash" is null or "orders"."guest_key_issued_at" is not null);
