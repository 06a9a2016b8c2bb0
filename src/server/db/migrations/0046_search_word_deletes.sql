CREATE TABLE "search_word_deletes" (
	"variant" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_word_deletes_variant_word_pk" PRIMARY KEY("variant","word")
);
--> statement-breakpoint
-- The word with each one of its letters left out, each variant once.
CREATE FUNCTION "word_deletes"("word" text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array(SELECT DISTINCT left(word, i - 1) || substr(word, i + 1) FROM generate_series(1, length(word)) AS i)
$$;--> statement-breakpoint
-- Keeps search_word_deletes in step with the dictionary (schema: searchWordDeletes): words of four
-- letters or more, each under its deletions. A statement's words come as the transition tables
-- `removed` and `added`.
CREATE FUNCTION "keep_search_word_deletes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM search_word_deletes AS d USING removed AS r CROSS JOIN LATERAL unnest(word_deletes(r.word)) AS v(variant)
      WHERE d.variant = v.variant AND d.word = r.word;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO search_word_deletes (variant, word)
      SELECT v.variant, a.word FROM added AS a CROSS JOIN LATERAL unnest(word_deletes(a.word)) AS v(variant) WHERE length(a.word) >= 4;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "search_word_deletes_added" AFTER INSERT ON "search_words" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "keep_search_word_deletes"();--> statement-breakpoint
CREATE TRIGGER "search_word_deletes_removed" AFTER DELETE ON "search_words" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "keep_search_word_deletes"();--> statement-breakpoint
CREATE TRIGGER "search_word_deletes_changed" AFTER UPDATE ON "search_words" REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "keep_search_word_deletes"();--> statement-breakpoint
INSERT INTO search_word_deletes (variant, word)
  SELECT v.variant, w.word FROM search_words AS w CROSS JOIN LATERAL unnest(word_deletes(w.word)) AS v(variant) WHERE length(w.word) >= 4;
