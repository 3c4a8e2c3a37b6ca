DROP INDEX "outputs_status_idx";--> statement-breakpoint
DROP INDEX "reports_status_idx";--> statement-breakpoint
DROP INDEX "bulk_loads_status_idx";--> statement-breakpoint
CREATE INDEX "outputs_status_idx" ON "outputs" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "bulk_loads_status_idx" ON "bulk_loads" USING btree ("tenant_id","status","created_at");