-- One account index instead of two: the account-name sort lists an account's rows by value date
-- (they came in id order, which is random), and the account's cashflow reads the same prefix.
CREATE INDEX "fv_transactions_account_value_date_id_idx" ON "fv_transactions" USING btree ("account_id","value_date","id");--> statement-breakpoint
DROP INDEX "fv_transactions_account_value_date_idx";--> statement-breakpoint
DROP INDEX "fv_transactions_account_id_idx";
