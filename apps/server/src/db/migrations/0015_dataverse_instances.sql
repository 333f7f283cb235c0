CREATE TABLE "dv_dataset_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid,
	"dataset_id" uuid,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"batch_id" uuid,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"number_of_rows" integer,
	"size_bytes" bigint,
	"progress" integer DEFAULT 0 NOT NULL,
	"profile" jsonb,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dv_dataset_views" (
	"dataset_id" uuid NOT NULL,
	"viewer_team_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "dv_dataset_views_dataset_id_viewer_team_id_day_pk" PRIMARY KEY("dataset_id","viewer_team_id","day")
);
--> statement-breakpoint
ALTER TABLE "dv_dataset_instances" ADD CONSTRAINT "dv_dataset_instances_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dv_dataset_instances" ADD CONSTRAINT "dv_dataset_instances_dataset_id_dv_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."dv_datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dv_dataset_views" ADD CONSTRAINT "dv_dataset_views_dataset_id_dv_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."dv_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dv_dataset_views" ADD CONSTRAINT "dv_dataset_views_viewer_team_id_teams_id_fk" FOREIGN KEY ("viewer_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dv_dataset_instances_version" ON "dv_dataset_instances" USING btree ("dataset_id","version");--> statement-breakpoint
CREATE INDEX "dv_dataset_instances_team" ON "dv_dataset_instances" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "dv_dataset_instances_batch" ON "dv_dataset_instances" USING btree ("batch_id");