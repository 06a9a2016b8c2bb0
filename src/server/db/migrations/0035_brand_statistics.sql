-- A brand sells in few categories: without being told, the planner multiplies the two conditions'
-- shares and expects a brand filter to keep a tenth of what it does in its category (604 products
-- of 3,961 at 100,000), so the listing reads thousands of products it thought few instead of
-- walking its sort's index (decision 041). The combinations' common values (mcv) and the columns'
-- dependencies, with the category and sub-category's of migration 0030 among them.
DROP STATISTICS IF EXISTS "products_category_dependencies";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "products_taxonomy_statistics" (dependencies, mcv) ON "category_id", "sub_category_id", "brand_id" FROM "products";--> statement-breakpoint
ANALYZE "products";
