-- The administrator's user list (about 8,000 teachers per state): case-insensitive name and email
-- search by prefix and sort, each leading with the tenant (C collation: btree serves LIKE 'abc%').
CREATE INDEX "users_name_lower_idx" ON "users" USING btree ("tenant_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "users_first_name_lower_idx" ON "users" USING btree ("tenant_id",lower("first_name"),lower("last_name"));--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree ("tenant_id",lower("email"));
