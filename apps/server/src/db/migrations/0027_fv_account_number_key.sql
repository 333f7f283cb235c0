-- Account numbers are compared without spaces or dashes and in upper case. Accounts of a
-- team stored twice under two spellings of one number keep their data: all but the oldest
-- get their id's start appended, so the new unique index can be built and the person sees
-- which one to remove.
UPDATE "fv_accounts" SET "number" = "fv_accounts"."number" || ' (' || left("fv_accounts"."id"::text, 8) || ')'
FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY "team_id", upper(regexp_replace("number", '[[:space:]-]', '', 'g'))
    ORDER BY "created_at", "id"
  ) AS "position"
  FROM "fv_accounts"
) AS "ranked"
WHERE "ranked"."id" = "fv_accounts"."id" AND "ranked"."position" > 1;--> statement-breakpoint
DROP INDEX "fv_accounts_team_number_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "fv_accounts_team_number_key_unique" ON "fv_accounts" USING btree ("team_id",upper(regexp_replace("number", '[[:space:]-]', '', 'g')));
