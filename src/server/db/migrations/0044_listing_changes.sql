CREATE TABLE "product_listing_changes" (
	"product_id" integer NOT NULL,
	"transaction_id" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_listing_changes_transaction_idx" ON "product_listing_changes" USING btree ("transaction_id");--> statement-breakpoint
-- Rows added or removed: noted in bulk, so a bulk load pays one insert a statement, not a call a row.
CREATE FUNCTION "note_listing_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO product_listing_changes (product_id) SELECT %I FROM changed', TG_ARGV[0]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_listing_added" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_listing_changes"('id');--> statement-breakpoint
CREATE TRIGGER "products_listing_removed" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_listing_changes"('id');--> statement-breakpoint
CREATE TRIGGER "product_variants_listing_added" AFTER INSERT ON "product_variants" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_listing_changes"('product_id');--> statement-breakpoint
CREATE TRIGGER "product_variants_listing_removed" AFTER DELETE ON "product_variants" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "note_listing_changes"('product_id');--> statement-breakpoint
-- Rows updated: only when what a listing reads changed (the condition costs no call): most updates
-- are an order's stock move or a counted view, which leave a product where its listings have it.
CREATE FUNCTION "note_listing_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_listing_changes (product_id) VALUES (NEW.product_id);
  IF OLD.product_id IS DISTINCT FROM NEW.product_id THEN
    INSERT INTO product_listing_changes (product_id) VALUES (OLD.product_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "note_product_listing_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_listing_changes (product_id) VALUES (NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_listing_changed" AFTER UPDATE ON "products" FOR EACH ROW
  WHEN ((OLD.status, OLD.category_id, OLD.sub_category_id, OLD.shop_id, OLD.brand_id, OLD.price, OLD.discount_price, OLD.rating,
         OLD.ranked_sold, OLD.popular_views, OLD.created_at, OLD.stock > 0, OLD.color_ids, OLD.size_ids)
    IS DISTINCT FROM (NEW.status, NEW.category_id, NEW.sub_category_id, NEW.shop_id, NEW.brand_id, NEW.price, NEW.discount_price, NEW.rating,
         NEW.ranked_sold, NEW.popular_views, NEW.created_at, NEW.stock > 0, NEW.color_ids, NEW.size_ids))
  EXECUTE FUNCTION "note_product_listing_change"();--> statement-breakpoint
CREATE TRIGGER "product_variants_listing_changed" AFTER UPDATE ON "product_variants" FOR EACH ROW
  WHEN ((OLD.product_id, OLD.color_id, OLD.size_id, OLD.is_active, OLD.stock > 0) IS DISTINCT FROM (NEW.product_id, NEW.color_id, NEW.size_id, NEW.is_active, NEW.stock > 0))
  EXECUTE FUNCTION "note_listing_change"();
