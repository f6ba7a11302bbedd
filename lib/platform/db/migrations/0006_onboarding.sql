CREATE TABLE "onboarding_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"onboarding_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"reason" text,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_media" (
	"onboarding_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"object_key" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_media_onboarding_id_slot_pk" PRIMARY KEY("onboarding_id","slot")
);
--> statement-breakpoint
CREATE TABLE "onboarding_tokens" (
	"onboarding_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "onboarding_tokens_onboarding_id_channel_pk" PRIMARY KEY("onboarding_id","channel")
);
--> statement-breakpoint
CREATE TABLE "onboardings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integrator_id" uuid NOT NULL,
	"status" text DEFAULT 'STARTED' NOT NULL,
	"status_reason" text,
	"cpf" text,
	"customer_id" text,
	"email" text,
	"phone" text,
	"zip_code" text,
	"call_back_url" text,
	"basic_auth_enc" text,
	"idempotency_key" text,
	"request_hash" text,
	"policy" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"basic_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ocr_data" jsonb,
	"score_data" jsonb,
	"face_match" jsonb,
	"pipeline" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resolution" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"media_purged_at" timestamp with time zone,
	"erased_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stored_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"sealed" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integrator_settings" ADD COLUMN "onboarding_approve_score" integer;--> statement-breakpoint
ALTER TABLE "integrator_settings" ADD COLUMN "onboarding_reject_score" integer;--> statement-breakpoint
ALTER TABLE "integrator_settings" ADD COLUMN "onboarding_confirm_contacts" text;--> statement-breakpoint
ALTER TABLE "integrator_settings" ADD COLUMN "onboarding_retention_days" integer;--> statement-breakpoint
ALTER TABLE "onboarding_history" ADD CONSTRAINT "onboarding_history_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_media" ADD CONSTRAINT "onboarding_media_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_tokens" ADD CONSTRAINT "onboarding_tokens_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_integrator_id_integrators_id_fk" FOREIGN KEY ("integrator_id") REFERENCES "public"."integrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_history_idx" ON "onboarding_history" USING btree ("onboarding_id","id");--> statement-breakpoint
CREATE INDEX "onboardings_integrator_idx" ON "onboardings" USING btree ("integrator_id","created_at");--> statement-breakpoint
CREATE INDEX "onboardings_status_idx" ON "onboardings" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "onboardings_idempotency_uq" ON "onboardings" USING btree ("integrator_id","idempotency_key");