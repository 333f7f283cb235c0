CREATE TABLE "dv_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"seller_team_id" uuid,
	"dsi_id" uuid NOT NULL,
	"dataset_id" uuid,
	"dataset_name" text NOT NULL,
	"provider_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"pricing_base" integer NOT NULL,
	"pricing_value_cents" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"promotion_code_id" uuid,
	"promotion_code" text,
	"invoice_id" uuid NOT NULL,
	"payment_method_id" text NOT NULL,
	"delivery_status" text DEFAULT 'PREPARING' NOT NULL,
	"delivery_rows" integer,
	"delivery_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "dv_purchases_invoice_id_unique" UNIQUE("invoice_id")
);
--> statement-breakpoint
ALTER TABLE "dv_purchases" ADD CONSTRAINT "dv_purchases_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dv_purchases" ADD CONSTRAINT "dv_purchases_seller_team_id_teams_id_fk" FOREIGN KEY ("seller_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dv_purchases" ADD CONSTRAINT "dv_purchases_dataset_id_dv_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."dv_datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dv_purchases" ADD CONSTRAINT "dv_purchases_promotion_code_id_promotion_codes_id_fk" FOREIGN KEY ("promotion_code_id") REFERENCES "public"."promotion_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dv_purchases" ADD CONSTRAINT "dv_purchases_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dv_purchases_team" ON "dv_purchases" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "dv_purchases_seller" ON "dv_purchases" USING btree ("seller_team_id");--> statement-breakpoint
CREATE INDEX "dv_purchases_team_dsi" ON "dv_purchases" USING btree ("team_id","dsi_id");