CREATE TABLE "media_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer,
	"uploaded_by" integer,
	"file_key" text NOT NULL,
	"original_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"variants" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_assets_file_key_idx" ON "media_assets" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "media_assets_shop_idx" ON "media_assets" USING btree ("shop_id","created_at" DESC NULLS LAST);