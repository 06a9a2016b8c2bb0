ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
CREATE INDEX "users_blocked_idx" ON "users" USING btree ("id" DESC NULLS LAST) WHERE "users"."blocked_at" is not null;--> statement-breakpoint
CREATE INDEX "reviews_hidden_idx" ON "reviews" USING btree ("id" DESC NULLS LAST) WHERE "reviews"."hidden_at" is not null;