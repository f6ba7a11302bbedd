ALTER TABLE "step_sessions" ADD COLUMN "activity" text;--> statement-breakpoint
ALTER TABLE "step_sessions" ADD COLUMN "activity_at" timestamp with time zone;