CREATE TABLE "deny_list" (
	"integrator_id" uuid NOT NULL,
	"cpf" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deny_list_integrator_id_cpf_pk" PRIMARY KEY("integrator_id","cpf")
);
--> statement-breakpoint
CREATE TABLE "fraud_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integrator_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"method_name" text NOT NULL,
	"cpf" text NOT NULL,
	"customer_id" text,
	"rules_group" text,
	"score" integer NOT NULL,
	"hard_stop" boolean NOT NULL,
	"penalties" jsonb NOT NULL,
	"total_time_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fraud_rule_settings" (
	"integrator_id" uuid NOT NULL,
	"rules_group" text DEFAULT '' NOT NULL,
	"rule_name" text NOT NULL,
	"weight" integer,
	"enabled" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fraud_rule_settings_integrator_id_rules_group_rule_name_pk" PRIMARY KEY("integrator_id","rules_group","rule_name")
);
--> statement-breakpoint
ALTER TABLE "deny_list" ADD CONSTRAINT "deny_list_integrator_id_integrators_id_fk" FOREIGN KEY ("integrator_id") REFERENCES "public"."integrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_analyses" ADD CONSTRAINT "fraud_analyses_integrator_id_integrators_id_fk" FOREIGN KEY ("integrator_id") REFERENCES "public"."integrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_rule_settings" ADD CONSTRAINT "fraud_rule_settings_integrator_id_integrators_id_fk" FOREIGN KEY ("integrator_id") REFERENCES "public"."integrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fraud_analyses_sequence_idx" ON "fraud_analyses" USING btree ("integrator_id","sequence");--> statement-breakpoint
CREATE INDEX "fraud_analyses_created_idx" ON "fraud_analyses" USING btree ("integrator_id","created_at");