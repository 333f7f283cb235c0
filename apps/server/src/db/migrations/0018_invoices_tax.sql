ALTER TABLE "invoice_counters" ADD COLUMN "series" text DEFAULT 'F' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" DROP CONSTRAINT "invoice_counters_pkey";--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_series_year_pk" PRIMARY KEY("series","year");--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "series" text DEFAULT 'F' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "corrects_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_treatment" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "language" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_nif" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_invoice_id_invoices_id_fk" FOREIGN KEY ("corrects_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_invoice_id_unique" UNIQUE("corrects_invoice_id");--> statement-breakpoint
UPDATE "invoices" SET "issued_at" = "created_at" WHERE "number" IS NOT NULL;
