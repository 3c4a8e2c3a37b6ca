-- The OneRoster REST pull's full pulls and reviews (docs/integrations.md "OneRoster 1.2 REST pull").
-- A run records whether it pulled everything (full: applied as a bulk bundle, so what the provider no
-- longer lists is ended) or what changed (delta); a scheduled pull that finds an earlier one waiting
-- for review is 'skipped'. When the last pull and the last full pull started is read from the runs
-- whose loads were applied (so a pull applied after its review counts from then on), counting only
-- runs that started since the provider was last named anew (oneroster_restarted_at: a new base URL
-- or client, or turned back on); that replaces oneroster_pulled_at.
ALTER TABLE "district_data_integration_runs" ADD COLUMN "oneroster_kind" text;--> statement-breakpoint
ALTER TABLE "district_data_integration_runs" ADD CONSTRAINT "district_data_integration_runs_oneroster_kind_check" CHECK ("oneroster_kind" IN ('full', 'delta'));--> statement-breakpoint
UPDATE "district_data_integration_runs" r SET "oneroster_kind" = CASE WHEN l."original_file_name" LIKE '%-bulk.zip' THEN 'full' ELSE 'delta' END
  FROM "oneroster_loads" l WHERE l."tenant_id" = r."tenant_id" AND l."id" = r."oneroster_load_id" AND r."source" = 'oneroster';--> statement-breakpoint
ALTER TABLE "district_data_integration_runs" DROP CONSTRAINT "district_data_integration_runs_status_check";--> statement-breakpoint
ALTER TABLE "district_data_integration_runs" ADD CONSTRAINT "district_data_integration_runs_status_check" CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed', 'skipped'));--> statement-breakpoint
ALTER TABLE "district_data_integrations" ADD COLUMN "oneroster_restarted_at" timestamp with time zone;--> statement-breakpoint
-- A provider whose last pull's start was cleared (a new base URL) starts again from here.
UPDATE "district_data_integrations" SET "oneroster_restarted_at" = now() WHERE "oneroster_info" ? 'baseUrl' AND "oneroster_pulled_at" IS NULL;--> statement-breakpoint
ALTER TABLE "district_data_integrations" DROP COLUMN "oneroster_pulled_at";
