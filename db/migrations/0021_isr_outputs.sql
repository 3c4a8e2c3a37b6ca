-- ISRs (individual student reports): each child's row in student_outputs is rendered by the
-- isr.generate queue in batches. The language is chosen per request (English or Spanish); the
-- enrollment names whose results (student_results) the page shows; generated_at and generations
-- record the one move to 'complete' (a redelivered batch re-renders but never completes a row twice).
ALTER TABLE "student_outputs" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_outputs" ADD COLUMN "student_enrollment_id" integer;--> statement-breakpoint
ALTER TABLE "student_outputs" ADD COLUMN "generated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_outputs" ADD COLUMN "generations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_outputs" ADD CONSTRAINT "student_outputs_language_check" CHECK ("student_outputs"."language" in ('en', 'es'));--> statement-breakpoint
CREATE INDEX "student_outputs_output_status_idx" ON "student_outputs" USING btree ("tenant_id","output_id","status");
