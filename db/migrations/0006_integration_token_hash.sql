-- Integration tokens are kept only as their hex SHA-256 (as auth_tokens); existing tokens are hashed
-- in place, so integrations already issued keep working. 0007 drops the plain column.
ALTER TABLE "tenant_integrations" ADD COLUMN "token_hash" text;--> statement-breakpoint
UPDATE "tenant_integrations" SET "token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "tenant_integrations" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_integrations_token_hash_key" ON "tenant_integrations" USING btree ("token_hash");
