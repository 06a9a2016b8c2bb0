ALTER TABLE "product_variants" ADD COLUMN "images" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- A variant's one picture becomes the first of its list (issue 15: several pictures per variant).
UPDATE "product_variants" SET "images" = ARRAY["image"] WHERE "image" IS NOT NULL;
--> statement-breakpoint
-- Proposals waiting for approval (decision 033) name variants as the console did: `image: x` becomes
-- `images: [x]`, and `image: null` (the picture removed) `images: []`.
CREATE FUNCTION "pg_temp"."variant_pictures_listed"("variants" jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_agg(
    CASE WHEN "variant" ? 'image'
      THEN ("variant" - 'image') || jsonb_build_object('images', CASE WHEN jsonb_typeof("variant" -> 'image') = 'null' THEN '[]'::jsonb ELSE jsonb_build_array("variant" -> 'image') END)
      ELSE "variant" END
    ORDER BY "position"), '[]'::jsonb)
  FROM jsonb_array_elements("variants") WITH ORDINALITY AS listed("variant", "position")
$$;
--> statement-breakpoint
UPDATE "product_revisions" SET
  "changes" = CASE WHEN jsonb_typeof("changes" -> 'variants') = 'array' THEN jsonb_set("changes", '{variants}', "pg_temp"."variant_pictures_listed"("changes" -> 'variants')) ELSE "changes" END,
  "proposed" = CASE WHEN jsonb_typeof("proposed" -> 'variants') = 'array' THEN jsonb_set("proposed", '{variants}', "pg_temp"."variant_pictures_listed"("proposed" -> 'variants')) ELSE "proposed" END;
--> statement-breakpoint
DROP FUNCTION "pg_temp"."variant_pictures_listed"(jsonb);
