CREATE TABLE "legal_mind_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"characters" integer NOT NULL,
	"findings" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legal_mind_documents" ADD CONSTRAINT "legal_mind_documents_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_mind_documents_team_at_idx" ON "legal_mind_documents" USING btree ("team_id","created_at");