-- A language per child for ISRs: used when a request does not force one; null means English.
ALTER TABLE "students" ADD COLUMN IF NOT EXISTS "isr_language" text;--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT IF EXISTS "students_isr_language_check";--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_isr_language_check" CHECK ("isr_language" in ('en', 'es'));
