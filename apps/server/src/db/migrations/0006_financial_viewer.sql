CREATE TABLE "bank_sandbox_requisitions" (
	"id" text PRIMARY KEY NOT NULL,
	"institution_id" text NOT NULL,
	"reference" text NOT NULL,
	"redirect_url" text NOT NULL,
	"status" text NOT NULL,
	"accounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"linked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fv_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"company_id" uuid,
	"external_id" text,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"subtype" text NOT NULL,
	"currency" text NOT NULL,
	"opening_balance" bigint DEFAULT 0 NOT NULL,
	"current_balance" bigint DEFAULT 0 NOT NULL,
	"available_balance" bigint DEFAULT 0 NOT NULL,
	"transaction_count" integer DEFAULT 0 NOT NULL,
	"income_count" integer DEFAULT 0 NOT NULL,
	"expense_count" integer DEFAULT 0 NOT NULL,
	"card_limit" bigint,
	"card_linked_account" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fv_category_rules" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"corrections" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fv_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fv_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"operation_id" text NOT NULL,
	"provider" text,
	"external_id" text,
	"bank_code" text,
	"bank_name" text,
	"uploaded_file" text,
	"last_refresh_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fv_daily_cashflow" (
	"team_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"income" bigint NOT NULL,
	"expense" bigint NOT NULL,
	"transaction_count" integer DEFAULT 0 NOT NULL,
	"income_count" integer DEFAULT 0 NOT NULL,
	"expense_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fv_daily_cashflow_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "fv_forecasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"account_key" text NOT NULL,
	"horizon" integer NOT NULL,
	"data_version" integer NOT NULL,
	"result" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fv_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text,
	"mapping" jsonb,
	"initial_balance" bigint,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"added_count" integer DEFAULT 0 NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fv_team_state" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fv_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"balance" bigint,
	"description" text NOT NULL,
	"value_date" date NOT NULL,
	"operation_date" date NOT NULL,
	"category_id" integer NOT NULL,
	"category_confidence" real NOT NULL,
	"is_category_manual" boolean DEFAULT false NOT NULL,
	"external_id" text,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fv_accounts" ADD CONSTRAINT "fv_accounts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fv_accounts" ADD CONSTRAINT "fv_accounts_connection_id_fv_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."fv_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fv_accounts" ADD CONSTRAINT "fv_accounts_company_id_fv_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."fv_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fv_category_rules" ADD CONSTRAINT "fv_category_rules_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fv_companies" ADD CONSTRAINT "fv_companies_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fv_connections" ADD CONSTRAINT "fv_connections_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fv_daily_cashflow" ADD CONSTRAINT "fv_daily_cashflow_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fv_daily_cashflow" ADD CONSTRAINT "fv_daily_cashflow_account_id_fv_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fv_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fv_forecasts" ADD CONSTRAINT "fv_forecasts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fv_imports" ADD CONSTRAINT "fv_imports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fv_imports" ADD CONSTRAINT "fv_imports_account_id_fv_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fv_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fv_team_state" ADD CONSTRAINT "fv_team_state_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fv_transactions" ADD CONSTRAINT "fv_transactions_account_id_fv_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fv_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fv_accounts_team_number_unique" ON "fv_accounts" USING btree ("team_id","number");--> statement-breakpoint
CREATE INDEX "fv_accounts_connection_idx" ON "fv_accounts" USING btree ("connection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fv_companies_team_name_unique" ON "fv_companies" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "fv_connections_operation_unique" ON "fv_connections" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "fv_connections_team_idx" ON "fv_connections" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "fv_daily_cashflow_team_idx" ON "fv_daily_cashflow" USING btree ("team_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "fv_forecasts_key_unique" ON "fv_forecasts" USING btree ("team_id","account_key","horizon");--> statement-breakpoint
CREATE INDEX "fv_imports_team_idx" ON "fv_imports" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "fv_transactions_team_value_date_idx" ON "fv_transactions" USING btree ("team_id","value_date","id");--> statement-breakpoint
CREATE INDEX "fv_transactions_team_operation_date_idx" ON "fv_transactions" USING btree ("team_id","operation_date","id");--> statement-breakpoint
CREATE INDEX "fv_transactions_team_amount_idx" ON "fv_transactions" USING btree ("team_id","amount","id");--> statement-breakpoint
CREATE INDEX "fv_transactions_team_description_idx" ON "fv_transactions" USING btree ("team_id","description","id");--> statement-breakpoint
CREATE INDEX "fv_transactions_team_category_idx" ON "fv_transactions" USING btree ("team_id","category_id","id");--> statement-breakpoint
CREATE INDEX "fv_transactions_account_value_date_idx" ON "fv_transactions" USING btree ("account_id","value_date");--> statement-breakpoint
CREATE UNIQUE INDEX "fv_transactions_account_external_unique" ON "fv_transactions" USING btree ("account_id","external_id") WHERE "fv_transactions"."external_id" IS NOT NULL;