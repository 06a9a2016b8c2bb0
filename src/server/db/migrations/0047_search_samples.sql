ALTER TABLE "search_posting_words" ADD COLUMN "share" real DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Where a product falls in [0, 1), the same for every word: a word of share s posts the products
-- below s, a sample of its products as even as the hash, whatever else they hold.
CREATE FUNCTION "search_sample_point"("product_id" integer) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (hashint4(product_id)::float8 + 2147483648) / 4294967296
$$;--> statement-breakpoint
-- As in 0045, for the products a word posts (all of them, or its sample).
CREATE OR REPLACE FUNCTION "add_search_postings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Taken before the words are read, even when there are none: refresh_search_postings waits for it.
  LOCK TABLE search_postings IN ROW EXCLUSIVE MODE;
  IF NOT EXISTS (SELECT 1 FROM search_posting_words) THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_postings (word, product_id, relevance, whole_name)
    SELECT w.lexeme, c.id, ts_rank(c.search_vector, to_tsquery('simple', w.lexeme)), lower(c.name) = w.lexeme
    FROM changed c CROSS JOIN LATERAL unnest(c.search_vector) AS w JOIN search_posting_words AS b ON b.word = w.lexeme
    WHERE b.share >= 1 OR search_sample_point(c.id) < b.share;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "replace_search_postings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings WHERE product_id = NEW.id;
  INSERT INTO search_postings (word, product_id, relevance, whole_name)
    SELECT w.lexeme, NEW.id, ts_rank(NEW.search_vector, to_tsquery('simple', w.lexeme)), lower(NEW.name) = w.lexeme
    FROM unnest(NEW.search_vector) AS w JOIN search_posting_words AS b ON b.word = w.lexeme
    WHERE b.share >= 1 OR search_sample_point(NEW.id) < b.share;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP FUNCTION "refresh_search_postings"(integer, integer);--> statement-breakpoint
-- Counts the catalogue's words and makes those of `fewest` products or more posting words, with
-- their postings; how many postings it added. A word of up to `most` products posts all of them;
-- a broader one a sample of about `sampled` (its share: `sampled` ÷ its products). Words already
-- posting words stay as they are. The share lock waits for the transactions whose triggers wrote
-- postings and holds off new ones until this commits: their triggers then see the new words, and
-- this sees what they wrote.
CREATE FUNCTION "refresh_search_postings"("fewest" integer DEFAULT 500, "most" integer DEFAULT 5000, "sampled" integer DEFAULT 1000)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  new_words text[];
  new_shares real[];
  added integer;
BEGIN
  LOCK TABLE search_postings IN SHARE MODE;
  WITH inserted AS (
    INSERT INTO search_posting_words (word, share)
      SELECT w.lexeme, CASE WHEN count(*) <= most THEN 1 ELSE sampled::real / count(*) END
      FROM products p CROSS JOIN LATERAL unnest(p.search_vector) AS w
      WHERE w.lexeme ~ '^[[:alnum:]]+$'
      GROUP BY w.lexeme HAVING count(*) >= fewest
    ON CONFLICT DO NOTHING
    RETURNING word, share
  )
  SELECT coalesce(array_agg(word), '{}'), coalesce(array_agg(share), '{}') INTO new_words, new_shares FROM inserted;
  -- The new words as an array: joined to the insert's own rows (as in 0045), the planner built its
  -- hash of them again for every product, over four minutes at a million products against seconds.
  INSERT INTO search_postings (word, product_id, relevance, whole_name)
    SELECT w.lexeme, p.id, ts_rank(p.search_vector, to_tsquery('simple', w.lexeme)), lower(p.name) = w.lexeme
    FROM products p CROSS JOIN LATERAL unnest(p.search_vector) AS w JOIN unnest(new_words, new_shares) AS n(word, share) ON n.word = w.lexeme
    WHERE n.share >= 1 OR search_sample_point(p.id) < n.share;
  GET DIAGNOSTICS added = ROW_COUNT;
  RETURN added;
END $$;--> statement-breakpoint
SELECT refresh_search_postings();
