-- Addresses saved before the city was asked for keep an empty one; new ones must give it (the API asks).
ALTER TABLE "addresses" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ALTER COLUMN "city" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "country_id" integer;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The store keeps no country of its own: existing addresses get the United States, else the first country there is.
UPDATE "addresses" SET "country_id" = coalesce(
  (SELECT "id" FROM "countries" WHERE "code" = 'US'),
  (SELECT min("id") FROM "countries")
) WHERE "country_id" IS NULL;
