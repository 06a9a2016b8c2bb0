CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"actor_user_id" integer NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"shop_id" integer,
	"changes" jsonb NOT NULL,
	"client_address" text,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "console_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer,
	"role" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "console_members_store_role_without_shop" CHECK (("console_members"."shop_id" is null) = ("console_members"."role" in ('owner', 'catalogue_manager', 'order_manager', 'support_agent', 'content_editor'))),
	CONSTRAINT "console_members_shop_staff_permissions" CHECK ("console_members"."permissions" <@ array['catalogue.read', 'catalogue.write', 'orders.read', 'orders.write', 'vouchers.write', 'support.read', 'support.write']::text[] and ("console_members"."role" = 'shop_staff' or cardinality("console_members"."permissions") = 0))
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "console_members" ADD CONSTRAINT "console_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_members" ADD CONSTRAINT "console_members_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_time_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_shop_idx" ON "audit_log" USING btree ("shop_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "console_members_shop_idx" ON "console_members" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "console_members_one_owner_per_shop" ON "console_members" USING btree ("shop_id") WHERE "console_members"."role" = 'shop_owner';--> statement-breakpoint
-- Data: the operations API's admins become the store's owners; each shop's first seller its owner, any further seller its staff with every seller permission.
INSERT INTO "console_members" ("user_id", "role") SELECT "id", 'owner' FROM "users" WHERE "role" = 'admin';
--> statement-breakpoint
INSERT INTO "console_members" ("user_id", "shop_id", "role", "permissions")
SELECT "id", "shop_id",
  CASE WHEN "rank" = 1 THEN 'shop_owner' ELSE 'shop_staff' END,
  CASE WHEN "rank" = 1 THEN '{}'::text[] ELSE array['catalogue.read', 'catalogue.write', 'orders.read', 'orders.write', 'vouchers.write', 'support.read', 'support.write']::text[] END
FROM (SELECT "id", "shop_id", row_number() OVER (PARTITION BY "shop_id" ORDER BY "id") AS "rank" FROM "users" WHERE "role" = 'seller') AS "sellers";
--> statement-breakpoint
UPDATE "users" SET "role" = 'customer', "shop_id" = NULL WHERE "role" = 'seller' AND "id" IN (SELECT "user_id" FROM "console_members" WHERE "role" = 'shop_staff');
