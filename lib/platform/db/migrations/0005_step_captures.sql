CREATE TABLE "step_captures" (
	"process_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"image_enc" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "step_captures_process_id_slot_pk" PRIMARY KEY("process_id","slot")
);
--> statement-breakpoint
CREATE TABLE "step_handoffs" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"process_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "step_captures" ADD CONSTRAINT "step_captures_process_id_step_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."step_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_handoffs" ADD CONSTRAINT "step_handoffs_process_id_step_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."step_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "step_handoffs_process_idx" ON "step_handoffs" USING btree ("process_id");