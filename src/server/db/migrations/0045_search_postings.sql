CREATE TABLE "search_posting_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_postings" (
	"word" text NOT NULL,
	"product_id" integer NOT NULL,
	"relevance" real NOT NULL,
	"whole_name" boolean NOT NULL,
	-- The postings of a word are read from this index alone (an index-only scan): relevance and whole_name ride along.
	CONSTRAINT "search_postings_word_product_id_pk" PRIMARY KEY("word","product_id") INCLUDE ("relevance", "whole_name")
);
--> statement-breakpoint
ALTER TABLE "search_postings" ADD CONSTRAINT "search_postings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_postings_product_idx" ON "search_postings" USING btree ("product_id");--> statement-breakpoint
-- A product's postings for the posting words it holds (schema: searchPostings). A word is one of
-- letters and digits, as a shopper's search term is, so to_tsquery gives it back as one lexeme, and
-- the rank is the one the search works out from the product's row.
CREATE FUNCTION "add_search_postings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Taken before the words are read, even when there are none: refresh_search_postings waits for it.
  LOCK TABLE search_postings IN ROW EXCLUSIVE MODE;
  IF NOT EXISTS (SELECT 1 FROM search_posting_words) THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_postings (word, product_id, relevance, whole_name)
    SELECT w.lexeme, c.id, ts_rank(c.search_vector, to_tsquery('simple', w.lexeme)), lower(c.name) = w.lexeme
    FROM changed c CROSS JOIN LATERAL unnest(c.search_vector) AS w JOIN search_posting_words AS b ON b.word = w.lexeme;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_search_postings_added" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "add_search_postings"();--> statement-breakpoint
CREATE FUNCTION "replace_search_postings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings WHERE product_id = NEW.id;
  INSERT INTO search_postings (word, product_id, relevance, whole_name)
    SELECT w.lexeme, NEW.id, ts_rank(NEW.search_vector, to_tsquery('simple', w.lexeme)), lower(NEW.name) = w.lexeme
    FROM unnest(NEW.search_vector) AS w JOIN search_posting_words AS b ON b.word = w.lexeme;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The name too: "jf" and "jf " have one search vector, but only one of them is the word.
CREATE TRIGGER "products_search_postings_changed" AFTER UPDATE ON "products" FOR EACH ROW
  WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector OR OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION "replace_search_postings"();--> statement-breakpoint
-- Counts the catalogue's words and makes those of `fewest` to `most` products posting words, with
-- their postings; how many postings it added. Words already posting words stay. The share lock waits
-- for the transactions whose triggers wrote postings and holds off new ones until this commits:
-- their triggers then see the new words, and this sees what they wrote.
CREATE FUNCTION "refresh_search_postings"("fewest" integer DEFAULT 500, "most" integer DEFAULT 5000) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  added integer;
BEGIN
  LOCK TABLE search_postings IN SHARE MODE;
  WITH new_words AS (
    INSERT INTO search_posting_words (word)
      SELECT w.lexeme FROM products p CROSS JOIN LATERAL unnest(p.search_vector) AS w
      WHERE w.lexeme ~ '^[[:alnum:]]+$'
      GROUP BY w.lexeme HAVING count(*) BETWEEN fewest AND most
    ON CONFLICT DO NOTHING
    RETURNING word
  )
  INSERT INTO search_postings (word, product_id, relevance, whole_name)
    SELECT w.lexeme, p.id, ts_rank(p.search_vector, to_tsquery('simple', w.lexeme)), lower(p.name) = w.lexeme
    FROM products p CROSS JOIN LATERAL unnest(p.search_vector) AS w JOIN new_words AS n ON n.word = w.lexeme;
  GET DIAGNOSTICS added = ROW_COUNT;
  RETURN added;
END $$;--> statement-breakpoint
SELECT refresh_search_postings();
