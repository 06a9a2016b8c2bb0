CREATE TABLE "units" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "units_name_unique" UNIQUE("name")
);
--> statement-breakpoint
-- The units products already name become the list, the demo's first in its order, then any other
-- a product names, alphabetically; a product's unit stays its text (decision 032).
INSERT INTO "units" ("name", "sort_order")
SELECT "name", row_number() OVER (ORDER BY "rank", "name")
FROM (
  SELECT "name", min("rank") AS "rank"
  FROM (
    SELECT "name", "rank" FROM (VALUES ('pc', 1), ('pack', 2), ('pair', 3), ('set', 4), ('bottle', 5), ('kg', 6)) AS demo("name", "rank")
    UNION ALL
    SELECT DISTINCT "unit", 7 FROM "products" WHERE btrim("unit") <> ''
  ) AS named
  GROUP BY "name"
) AS listed;
