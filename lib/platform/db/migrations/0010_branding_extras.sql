ALTER TABLE "integrator_settings" ADD COLUMN "page_copy" jsonb;--> statement-breakpoint
ALTER TABLE "integrator_settings" ADD COLUMN "privacy_url" text;--> statement-breakpoint
ALTER TABLE "integrator_settings" ADD COLUMN "terms_url" text;--> statement-breakpoint
ALTER TABLE "integrator_settings" ADD COLUMN "sms_sender" text;--> statement-breakpoint
ALTER TABLE "integrator_settings" ADD COLUMN "hide_credit" boolean DEFAULT false NOT NULL;