-- Transfers: one open request per enrollment, never to the location it is already at.
CREATE UNIQUE INDEX "transfers_one_pending_key" ON "transfers" USING btree ("tenant_id","student_enrollment_id") WHERE "transfers"."status" = 'pending' AND NOT "transfers"."deleted";
--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_other_location_check" CHECK ("transfers"."origin_location_id" <> "transfers"."destination_location_id");
--> statement-breakpoint
-- The audit page's trail of one user or organisation (entity type and id), newest first.
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("tenant_id","entity_type","entity_id","occurred_at");
