-- Class score sheets are built by a job (score-sheet.class): the row is written 'queued' with the
-- children it covers, and the job renders, stores and completes it. Earlier rows (built in the
-- request) are complete.
ALTER TABLE "score_sheets" ADD COLUMN IF NOT EXISTS "status" text DEFAULT 'complete' NOT NULL;--> statement-breakpoint
ALTER TABLE "score_sheets" ADD COLUMN IF NOT EXISTS "enrollment_ids" integer[];--> statement-breakpoint
ALTER TABLE "score_sheets" ADD COLUMN IF NOT EXISTS "error" text;--> statement-breakpoint
ALTER TABLE "score_sheets" ADD COLUMN IF NOT EXISTS "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "score_sheets" DROP CONSTRAINT IF EXISTS "score_sheets_status_check";--> statement-breakpoint
ALTER TABLE "score_sheets" ADD CONSTRAINT "score_sheets_status_check" CHECK ("status" in ('queued', 'in_progress', 'complete', 'failed'));
