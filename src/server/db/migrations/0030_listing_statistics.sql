-- A sub-category lies in one category: without being told, the planner multiplies the two
-- conditions' shares and expects a sub-category's listing to hold a tenth of what it does, which
-- decides how a listing is read (decision 041).
CREATE STATISTICS IF NOT EXISTS "products_category_dependencies" (dependencies) ON "category_id", "sub_category_id" FROM "products";--> statement-breakpoint
ANALYZE "products";
