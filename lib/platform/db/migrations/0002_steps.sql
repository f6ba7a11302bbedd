CREATE TABLE "integrator_settings" (
	"integrator_id" uuid PRIMARY KEY NOT NULL,
	"app_origin" text,
	"step_lifetime_seconds" integer,
	"display_name" text,
	"primary_color" text,
	"support_text" text,
	"logo_mime" text,
	"logo_data" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "step_codes" (
	"process_id" uuid PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"resends" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "step_processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integrator_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"api" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"status_reason" text,
	"cpf" text,
	"app_redirect" text NOT NULL,
	"use_intro_page" boolean DEFAULT true NOT NULL,
	"use_success_page" boolean DEFAULT true NOT NULL,
	"webhook_url" text,
	"webhook_basic_auth_enc" text,
	"cellphone" text,
	"email" text,
	"secret_hash" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"locale" text,
	"consent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "step_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"process_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integrator_settings" ADD CONSTRAINT "integrator_settings_integrator_id_integrators_id_fk" FOREIGN KEY ("integrator_id") REFERENCES "public"."integrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_codes" ADD CONSTRAINT "step_codes_process_id_step_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."step_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_processes" ADD CONSTRAINT "step_processes_integrator_id_integrators_id_fk" FOREIGN KEY ("integrator_id") REFERENCES "public"."integrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_sessions" ADD CONSTRAINT "step_sessions_process_id_step_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."step_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "step_processes_integrator_idx" ON "step_processes" USING btree ("integrator_id","created_at");--> statement-breakpoint
CREATE INDEX "step_processes_expiry_idx" ON "step_processes" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "step_sessions_process_idx" ON "step_sessions" USING btree ("process_id");