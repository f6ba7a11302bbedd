CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integrator_id" uuid NOT NULL,
	"batch_external_id" text NOT NULL,
	"workflow_alias" text NOT NULL,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"request_hash" text NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"doc_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_docs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_name" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"object_key" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reject_code" text,
	"doc_reject_phase" integer,
	"reject_reason" text,
	"content_type" text,
	"file_size" integer,
	"qtde_pages" integer,
	"type_recognized" text,
	"ocr" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_workflows" (
	"integrator_id" uuid NOT NULL,
	"alias" text NOT NULL,
	"description" text,
	"expected_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checklist" jsonb,
	"webhook_url" text,
	"webhook_basic_auth_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_workflows_integrator_id_alias_pk" PRIMARY KEY("integrator_id","alias")
);
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_integrator_id_integrators_id_fk" FOREIGN KEY ("integrator_id") REFERENCES "public"."integrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_docs" ADD CONSTRAINT "import_docs_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_workflows" ADD CONSTRAINT "import_workflows_integrator_id_integrators_id_fk" FOREIGN KEY ("integrator_id") REFERENCES "public"."integrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_batches_external_uq" ON "import_batches" USING btree ("integrator_id","batch_external_id");--> statement-breakpoint
CREATE INDEX "import_batches_status_idx" ON "import_batches" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "import_docs_position_uq" ON "import_docs" USING btree ("batch_id","position");--> statement-breakpoint
CREATE INDEX "import_docs_status_idx" ON "import_docs" USING btree ("status");