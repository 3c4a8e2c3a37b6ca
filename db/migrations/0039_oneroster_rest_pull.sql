-- A district integration may name a OneRoster 1.2 REST provider (issue 24 item 2): its token URL,
-- client id and base URL in oneroster_info, the client secret sealed as the FTP password is, and the
-- time the last successful pull started (the next pull asks for records modified since then).
-- Runs of the pull share the feed's run history, told apart by source, and name the OneRoster load
-- that applied what they pulled.
ALTER TABLE "district_data_integrations" ADD COLUMN "oneroster_info" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "district_data_integrations" ADD COLUMN "oneroster_secret_encrypted" text;--> statement-breakpoint
ALTER TABLE "district_data_integrations" ADD COLUMN "oneroster_pulled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "district_data_integration_runs" ADD COLUMN "source" text DEFAULT 'ftp' NOT NULL;--> statement-breakpoint
ALTER TABLE "district_data_integration_runs" ADD CONSTRAINT "district_data_integration_runs_source_check" CHECK ("source" IN ('ftp', 'oneroster'));--> statement-breakpoint
ALTER TABLE "district_data_integration_runs" ADD COLUMN "oneroster_load_id" integer;--> statement-breakpoint
ALTER TABLE "district_data_integration_runs" ADD CONSTRAINT "district_data_integration_runs_oneroster_load_fk" FOREIGN KEY ("tenant_id","oneroster_load_id") REFERENCES "public"."oneroster_loads"("tenant_id","id") ON DELETE set null ("oneroster_load_id") ON UPDATE no action;
