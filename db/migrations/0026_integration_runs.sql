-- District FTP feed runs (administration §3, §7 ftp.json): one row per run (scheduled or "Fetch now"),
-- with its counts and, on failure, a message that never holds credentials; and the files the feed
-- has handed to a bulk load, remembered by name + size + modified time so a file is loaded once.
CREATE TABLE "district_data_integration_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "district_data_integration_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"files_found" integer DEFAULT 0 NOT NULL,
	"files_loaded" integer DEFAULT 0 NOT NULL,
	"message" text,
	CONSTRAINT "district_data_integration_runs_trigger_check" CHECK ("trigger" IN ('schedule', 'manual')),
	CONSTRAINT "district_data_integration_runs_status_check" CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "district_data_integration_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "district_data_integration_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"modified_at" text NOT NULL,
	"bulk_load_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "district_data_integration_runs" ADD CONSTRAINT "district_data_integration_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_data_integration_runs" ADD CONSTRAINT "district_data_integration_runs_integration_fk" FOREIGN KEY ("tenant_id","integration_id") REFERENCES "public"."district_data_integrations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_data_integration_runs" ADD CONSTRAINT "district_data_integration_runs_requester_fk" FOREIGN KEY ("tenant_id","requested_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null ("requested_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_data_integration_runs" ADD CONSTRAINT "district_data_integration_runs_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
CREATE INDEX "district_data_integration_runs_recent_idx" ON "district_data_integration_runs" USING btree ("tenant_id","integration_id","created_at");--> statement-breakpoint
ALTER TABLE "district_data_integration_files" ADD CONSTRAINT "district_data_integration_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_data_integration_files" ADD CONSTRAINT "district_data_integration_files_integration_fk" FOREIGN KEY ("tenant_id","integration_id") REFERENCES "public"."district_data_integrations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_data_integration_files" ADD CONSTRAINT "district_data_integration_files_run_fk" FOREIGN KEY ("tenant_id","run_id") REFERENCES "public"."district_data_integration_runs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "district_data_integration_files_seen_key" ON "district_data_integration_files" USING btree ("tenant_id","integration_id","name","size","modified_at");--> statement-breakpoint
SELECT apply_tenant_isolation('district_data_integration_runs');--> statement-breakpoint
SELECT apply_tenant_isolation('district_data_integration_files');
