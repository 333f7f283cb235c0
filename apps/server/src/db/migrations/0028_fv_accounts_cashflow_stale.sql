ALTER TABLE "fv_accounts" ADD COLUMN "cashflow_stale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An account whose transactions were added or removed has a stale daily cashflow until it is
-- rebuilt. Once per statement, so that an import of many rows updates its account once.
CREATE FUNCTION "fv_mark_cashflow_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE fv_accounts SET cashflow_stale = true
	WHERE id IN (SELECT DISTINCT account_id FROM changed) AND NOT cashflow_stale;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "fv_transactions_added_stale"
	AFTER INSERT ON "fv_transactions" REFERENCING NEW TABLE AS changed
	FOR EACH STATEMENT EXECUTE FUNCTION "fv_mark_cashflow_stale"();--> statement-breakpoint
CREATE TRIGGER "fv_transactions_removed_stale"
	AFTER DELETE ON "fv_transactions" REFERENCING OLD TABLE AS changed
	FOR EACH STATEMENT EXECUTE FUNCTION "fv_mark_cashflow_stale"();--> statement-breakpoint
UPDATE "fv_accounts" SET "cashflow_stale" = "fv_accounts"."transaction_count" <> (
	SELECT count(*) FROM "fv_transactions" WHERE "fv_transactions"."account_id" = "fv_accounts"."id"
);
