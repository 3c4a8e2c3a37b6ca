-- The admin student list searches a state id prefix or a first or last name start, and sorts by
-- names. Row-level security lets an index serve only leakproof conditions, and neither lower() nor
-- LIKE is leakproof: a tenant-wide search counted its matches by reading every student (~250 ms
-- over 130,000). Lower-cased name keys in the C collation let starts_with() (leakproof) use one
-- index per name for both the prefix search and the sort; the state id gets a pattern index.
ALTER TABLE "students" ADD COLUMN "last_name_key" text COLLATE "C" GENERATED ALWAYS AS (lower("last_name")) STORED;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "first_name_key" text COLLATE "C" GENERATED ALWAYS AS (lower("first_name")) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "students_name_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "students_first_name_idx";--> statement-breakpoint
CREATE INDEX "students_name_key_idx" ON "students" USING btree ("tenant_id", "last_name_key", "first_name_key");--> statement-breakpoint
CREATE INDEX "students_first_name_key_idx" ON "students" USING btree ("tenant_id", "first_name_key", "last_name_key");--> statement-breakpoint
CREATE INDEX "students_state_id_prefix_idx" ON "students" USING btree ("tenant_id", "tenant_unique_id" text_pattern_ops);
