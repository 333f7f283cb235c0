ALTER TABLE "nucleus_runs" ADD COLUMN "primary_key" text;--> statement-breakpoint
-- Runs made before the key was chosen used the profile's key column unless it was dropped;
-- a generation copies its source's.
UPDATE "nucleus_runs" AS "run" SET "primary_key" = (
  SELECT "key"."column"->>'name'
  FROM jsonb_array_elements("run"."profile"->'columns') AS "key"("column")
  WHERE ("key"."column"->>'isKey')::boolean
    AND NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements(coalesce("run"."column_choices", '[]'::jsonb)) AS "choice"("value")
      WHERE "choice"."value"->>'name' = "key"."column"->>'name' AND "choice"."value"->>'action' = 'drop'
    )
  LIMIT 1
) WHERE "run"."kind" = 'SYNTHESIZE' AND "run"."profile" IS NOT NULL;--> statement-breakpoint
UPDATE "nucleus_runs" AS "run" SET "primary_key" = "source"."primary_key"
FROM "nucleus_runs" AS "source"
WHERE "run"."kind" = 'GENERATE' AND "run"."relational" IS NULL AND "source"."id" = "run"."source_run_id";
