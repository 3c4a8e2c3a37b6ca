-- Bulk loads (administration §7 'Bulk load'): a load names the uploaded file it reads (files.id), once:
-- posting the same upload again answers the same load (idempotent request). Uploaders list their own
-- loads newest first.
ALTER TABLE "bulk_loads" ADD COLUMN IF NOT EXISTS "file_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "bulk_loads_file_key" ON "bulk_loads" USING btree ("tenant_id","file_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bulk_loads_user_idx" ON "bulk_loads" USING btree ("tenant_id","user_id","created_at");
