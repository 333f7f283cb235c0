CREATE TABLE "neurons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text NOT NULL,
	"path" text NOT NULL,
	"api_path" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"neuron_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"rank" integer NOT NULL,
	"group" text DEFAULT 'cloud' NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"is_enterprise" boolean DEFAULT false NOT NULL,
	"num_rows" integer,
	"num_columns" integer,
	"calls_limit_monthly" integer,
	"outputs_limit_monthly" integer,
	"num_concurrent_jobs" integer,
	"num_tables" integer,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "plans_neuron_code_unique" UNIQUE("neuron_id","code")
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"interval" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"team_id" uuid,
	"gateway_price_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_neuron_id_neurons_id_fk" FOREIGN KEY ("neuron_id") REFERENCES "public"."neurons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prices_plan_id_idx" ON "prices" USING btree ("plan_id");