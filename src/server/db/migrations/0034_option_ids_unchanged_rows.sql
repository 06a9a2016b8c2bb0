-- A product whose colours or sizes come out as they were is not written again: every write of a
-- products row is a new version of it (about 1 KB) in every index, until a vacuum.
CREATE OR REPLACE FUNCTION "products_copy_option_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV: the join table, its option's column, the product's copy of them.
  EXECUTE format(
    'UPDATE "products" SET %3$I = chosen.ids '
    'FROM (SELECT "id", coalesce((SELECT array_agg(%2$I ORDER BY %2$I) FROM %1$I WHERE "product_id" = "products"."id"), ''{}'') AS ids '
    '      FROM "products" WHERE "id" IN (SELECT "product_id" FROM "changed")) AS chosen '
    'WHERE "products"."id" = chosen."id" AND "products".%3$I IS DISTINCT FROM chosen.ids',
    TG_ARGV[0], TG_ARGV[1], TG_ARGV[2]);
  RETURN NULL;
END $$;
