CREATE TABLE "dv_search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"datasets" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "dv_datasets_trigram";--> statement-breakpoint
CREATE INDEX "dv_search_words_trigram" ON "dv_search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The vocabulary follows every write of a dataset's search vector in the same transaction.
-- Changes go in word order, so two writers lock shared words in one order (no deadlock).
CREATE FUNCTION "dv_search_words_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_words text[] := CASE WHEN TG_OP = 'INSERT' THEN '{}' ELSE tsvector_to_array(OLD.search_vector) END;
	new_words text[] := CASE WHEN TG_OP = 'DELETE' THEN '{}' ELSE tsvector_to_array(NEW.search_vector) END;
BEGIN
	INSERT INTO dv_search_words AS words (word, datasets)
	SELECT change.word, sum(change.delta)::int
	FROM (
		SELECT added.word, 1 AS delta FROM unnest(new_words) AS added(word) WHERE added.word <> ALL (old_words)
		UNION ALL
		SELECT removed.word, -1 FROM unnest(old_words) AS removed(word) WHERE removed.word <> ALL (new_words)
	) AS change
	GROUP BY change.word
	ORDER BY change.word
	ON CONFLICT (word) DO UPDATE SET datasets = words.datasets + excluded.datasets;
	DELETE FROM dv_search_words WHERE word = ANY (old_words) AND datasets <= 0;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "dv_datasets_search_words"
	AFTER INSERT OR DELETE OR UPDATE OF "search_name", "search_text" ON "dv_datasets"
	FOR EACH ROW EXECUTE FUNCTION "dv_search_words_sync"();--> statement-breakpoint
INSERT INTO "dv_search_words" ("word", "datasets")
SELECT word, count(*)::int FROM "dv_datasets", unnest(tsvector_to_array("search_vector")) AS word GROUP BY word;
