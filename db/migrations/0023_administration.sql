-- District data integrations (administration §3, §7): the FTP password is kept only encrypted
-- (AES-256-GCM, lib/organisations/integration-secret.ts), never in ftp_info and never answered;
-- ftp.json reads the feed's last run from the last_run_* columns.
ALTER TABLE "district_data_integrations" ADD COLUMN "ftp_password_encrypted" text;--> statement-breakpoint
ALTER TABLE "district_data_integrations" ADD COLUMN "last_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "district_data_integrations" ADD COLUMN "last_run_status" text;--> statement-breakpoint
ALTER TABLE "district_data_integrations" ADD COLUMN "last_run_message" text;--> statement-breakpoint
ALTER TABLE "district_data_integrations" ADD CONSTRAINT "district_data_integrations_last_run_status_check" CHECK ("last_run_status" IN ('succeeded', 'failed'));
