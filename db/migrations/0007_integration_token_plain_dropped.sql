DROP INDEX "tenant_integrations_token_key";--> statement-breakpoint
ALTER TABLE "tenant_integrations" DROP COLUMN "token";