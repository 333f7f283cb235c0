ALTER TABLE "invoices" DROP CONSTRAINT "invoices_corrects_invoice_id_unique";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider_reference" text;--> statement-breakpoint
CREATE INDEX "invoices_corrects_invoice_id_idx" ON "invoices" USING btree ("corrects_invoice_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_provider_reference_unique" UNIQUE("provider_reference");