CREATE TABLE "workers" (
	"id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_docs" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "onboardings" ADD COLUMN "lease_owner" text;