CREATE TABLE "nucleus_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"size_bytes" integer,
	"source_rows" integer,
	"source_columns" integer,
	"profile" jsonb,
	"source_run_id" uuid,
	"algorithm" text,
	"parameters" jsonb,
	"column_choices" jsonb,
	"num_rows" integer,
	"seed" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"error_message" text,
	"logs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"queued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "nucleus_runs" ADD CONSTRAINT "nucleus_runs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nucleus_runs_team_created_idx" ON "nucleus_runs" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "nucleus_runs_status_idx" ON "nucleus_runs" USING btree ("status");