-- Trigram similarity for the catalogue search (typo tolerance); PGlite loads it in client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "dv_dataset_elements" (
	"dataset_id" uuid NOT NULL,
	"element_id" uuid NOT NULL,
	CONSTRAINT "dv_dataset_elements_dataset_id_element_id_pk" PRIMARY KEY("dataset_id","element_id")
);
--> statement-breakpoint
CREATE TABLE "dv_dataset_families" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid,
	"seed_key" text,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dv_dataset_families_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "dv_dataset_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dataset_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"unique_values" integer NOT NULL,
	"missing_values" integer NOT NULL,
	"reference" text,
	"is_target" boolean DEFAULT false NOT NULL,
	"is_sensitive" boolean DEFAULT false NOT NULL,
	"sensitive_kind" text,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dv_datasets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid,
	"seed_key" text,
	"family_id" uuid,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"description_attributes" text DEFAULT '' NOT NULL,
	"description_use_cases" text DEFAULT '' NOT NULL,
	"provider_name" text NOT NULL,
	"contributors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"history" text DEFAULT '' NOT NULL,
	"frequency" text DEFAULT '' NOT NULL,
	"country_id" uuid,
	"price_model" text NOT NULL,
	"pricing_base" integer DEFAULT 1 NOT NULL,
	"pricing_value_cents" integer DEFAULT 0 NOT NULL,
	"number_of_rows" integer NOT NULL,
	"disk_size_bytes" bigint NOT NULL,
	"quality_score" real,
	"quality_method" text NOT NULL,
	"utility_score" real,
	"utility_method" text NOT NULL,
	"sample" jsonb NOT NULL,
	"include_columns" jsonb,
	"licence_name" text NOT NULL,
	"licence_url" text,
	"source_name" text NOT NULL,
	"source_url" text,
	"is_published" boolean DEFAULT false NOT NULL,
	"search_name" text NOT NULL,
	"search_text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, search_name), 'A') || setweight(to_tsvector('simple'::regconfig, search_text), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dv_datasets_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "dv_dimension_elements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dimension_code" text NOT NULL,
	"code" text NOT NULL,
	"description_en" text NOT NULL,
	"description_es" text NOT NULL,
	"parent_id" uuid,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dv_dimensions" (
	"code" text PRIMARY KEY NOT NULL,
	"description_en" text NOT NULL,
	"description_es" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dv_dataset_elements" ADD CONSTRAINT "dv_dataset_elements_dataset_id_dv_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."dv_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dv_dataset_elements" ADD CONSTRAINT "dv_dataset_elements_element_id_dv_dimension_elements_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."dv_dimension_elements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dv_dataset_families" ADD CONSTRAINT "dv_dataset_families_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dv_dataset_fields" ADD CONSTRAINT "dv_dataset_fields_dataset_id_dv_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."dv_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dv_datasets" ADD CONSTRAINT "dv_datasets_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dv_datasets" ADD CONSTRAINT "dv_datasets_family_id_dv_dataset_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."dv_dataset_families"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dv_datasets" ADD CONSTRAINT "dv_datasets_country_id_dv_dimension_elements_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."dv_dimension_elements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dv_dimension_elements" ADD CONSTRAINT "dv_dimension_elements_dimension_code_dv_dimensions_code_fk" FOREIGN KEY ("dimension_code") REFERENCES "public"."dv_dimensions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dv_dimension_elements" ADD CONSTRAINT "dv_dimension_elements_parent_id_dv_dimension_elements_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dv_dimension_elements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dv_dataset_elements_element" ON "dv_dataset_elements" USING btree ("element_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dv_dataset_fields_position" ON "dv_dataset_fields" USING btree ("dataset_id","position");--> statement-breakpoint
CREATE INDEX "dv_datasets_team" ON "dv_datasets" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "dv_datasets_vector" ON "dv_datasets" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "dv_datasets_trigram" ON "dv_datasets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "dv_dimension_elements_code" ON "dv_dimension_elements" USING btree ("dimension_code","code");