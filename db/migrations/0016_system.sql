-- The system area: one integration holds a license for a role once, so a repeated grant is a 409
-- (the license editor's multi-call change reports it) rather than a silent duplicate.
CREATE UNIQUE INDEX IF NOT EXISTS "tenant_integration_licenses_grant_key" ON "tenant_integration_licenses" ("tenant_id", "tenant_integration_id", "license_id", "role");
