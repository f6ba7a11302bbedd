CREATE TABLE "face_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integrator_id" uuid NOT NULL,
	"cpf" text NOT NULL,
	"reference" text,
	"template_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integrator_settings" ADD COLUMN "face_match_threshold" double precision;--> statement-breakpoint
ALTER TABLE "integrator_settings" ADD COLUMN "liveness_threshold" double precision;--> statement-breakpoint
ALTER TABLE "face_templates" ADD CONSTRAINT "face_templates_integrator_id_integrators_id_fk" FOREIGN KEY ("integrator_id") REFERENCES "public"."integrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_templates_integrator_idx" ON "face_templates" USING btree ("integrator_id");--> statement-breakpoint
CREATE INDEX "face_templates_cpf_idx" ON "face_templates" USING btree ("integrator_id","cpf");