-- Sending Ed-Fi results to an Ed-Fi ODS/API (issue 24, item 3; docs/integrations.md "Sending to an
-- Ed-Fi ODS/API"). edfi_connections: a tenant's (district_id null: the state) or a district's ODS/API
-- with its OAuth client; the secret AES-256-GCM encrypted. edfi_runs: each sending of a collection
-- and its outcome (the run history).
CREATE TABLE "edfi_connections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "edfi_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"district_id" integer,
	"base_url" text NOT NULL,
	"token_url" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edfi_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "edfi_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"data_collection_id" integer NOT NULL,
	"requested_by" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"refusals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "edfi_runs_status_check" CHECK ("edfi_runs"."status" in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "edfi_connections" ADD CONSTRAINT "edfi_connections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edfi_connections" ADD CONSTRAINT "edfi_connections_district_fk" FOREIGN KEY ("tenant_id","district_id") REFERENCES "public"."districts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edfi_connections" ADD CONSTRAINT "edfi_connections_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "edfi_connections_scope_key" ON "edfi_connections" USING btree ("tenant_id",coalesce("district_id", 0));--> statement-breakpoint
ALTER TABLE "edfi_runs" ADD CONSTRAINT "edfi_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edfi_runs" ADD CONSTRAINT "edfi_runs_connection_fk" FOREIGN KEY ("tenant_id","connection_id") REFERENCES "public"."edfi_connections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edfi_runs" ADD CONSTRAINT "edfi_runs_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edfi_runs" ADD CONSTRAINT "edfi_runs_requested_by_fk" FOREIGN KEY ("tenant_id","requested_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null ("requested_by") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edfi_runs" ADD CONSTRAINT "edfi_runs_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
CREATE INDEX "edfi_runs_collection_idx" ON "edfi_runs" USING btree ("tenant_id","data_collection_id","created_at");--> statement-breakpoint
SELECT apply_tenant_isolation('edfi_connections');--> statement-breakpoint
SELECT apply_tenant_isolation('edfi_runs');
