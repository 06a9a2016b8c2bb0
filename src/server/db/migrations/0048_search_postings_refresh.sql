DROP FUNCTION "refresh_search_postings"(integer, integer, integer);--> statement-breakpoint
-- As in 0047, but with the lock held for as little as it can be: it keeps any product from being added
-- or having its name or words changed, and the refresh now runs as a job on a live store (decision
-- 046, session 33). The words are counted before it (a pass over every product's words: 8 s at a
-- million products); chosen from a snapshot a moment older than the lock, they are as good a choice,
-- and their postings are read after it. When they are a few, as a live store's refresh finds them,
-- their products are found through the search index (milliseconds); when their products are a good
-- part of the catalogue, as after a bulk load, in one more pass over every product's words.
CREATE FUNCTION "refresh_search_postings"("fewest" integer DEFAULT 500, "most" integer DEFAULT 5000, "sampled" integer DEFAULT 1000)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  counted_words text[];
  counted_shares real[];
  counted_products bigint;
  catalogue bigint;
  new_words text[];
  new_shares real[];
  added integer;
BEGIN
  SELECT array_agg(lexeme), array_agg(share), sum(matches) INTO counted_words, counted_shares, counted_products FROM (
    SELECT w.lexeme, CASE WHEN count(*) <= most THEN 1 ELSE sampled::real / count(*) END AS share, count(*) AS matches
    FROM products p CROSS JOIN LATERAL unnest(p.search_vector) AS w
    WHERE w.lexeme ~ '^[[:alnum:]]+$' AND NOT EXISTS (SELECT 1 FROM search_posting_words AS b WHERE b.word = w.lexeme)
    GROUP BY w.lexeme HAVING count(*) >= fewest
  ) AS counted;
  IF counted_words IS NULL THEN
    RETURN 0;
  END IF;
  SELECT count(*) INTO catalogue FROM products;
  LOCK TABLE search_postings IN SHARE MODE;
  WITH inserted AS (
    INSERT INTO search_posting_words (word, share) SELECT * FROM unnest(counted_words, counted_shares)
    ON CONFLICT DO NOTHING
    RETURNING word, share
  )
  SELECT array_agg(word), array_agg(share) INTO new_words, new_shares FROM inserted;
  IF new_words IS NULL THEN
    RETURN 0;
  END IF;
  IF counted_products * 4 < catalogue THEN
    INSERT INTO search_postings (word, product_id, relevance, whole_name)
      SELECT n.word, p.id, ts_rank(p.search_vector, to_tsquery('simple', n.word)), lower(p.name) = n.word
      FROM unnest(new_words, new_shares) AS n(word, share)
        CROSS JOIN LATERAL (SELECT id, name, search_vector FROM products WHERE search_vector @@ to_tsquery('simple', n.word)) AS p
      WHERE n.share >= 1 OR search_sample_point(p.id) < n.share;
  ELSE
    INSERT INTO search_postings (word, product_id, relevance, whole_name)
      SELECT w.lexeme, p.id, ts_rank(p.search_vector, to_tsquery('simple', w.lexeme)), lower(p.name) = w.lexeme
      FROM products p CROSS JOIN LATERAL unnest(p.search_vector) AS w JOIN unnest(new_words, new_shares) AS n(word, share) ON n.word = w.lexeme
      WHERE n.share >= 1 OR search_sample_point(p.id) < n.share;
  END IF;
  GET DIAGNOSTICS added = ROW_COUNT;
  RETURN added;
END $$;
