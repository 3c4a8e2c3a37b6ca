-- OneRoster 1.2 roster intake (issue 24, item 1; docs/integrations.md "OneRoster 1.2 CSV").
-- oneroster_loads: one row per uploaded bundle: its dry run (the plan's counts and refused rows) and,
-- once applied, what the apply changed. oneroster_links: the OneRoster sourcedId of each record we
-- hold for it (a district, school, teacher or child) and the class and enrollment records whose
-- rosters we keep, so a second load, or a delta, recognises them.
CREATE TABLE "oneroster_loads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oneroster_loads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer,
	"file_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"original_file_name" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scope" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"phase" text,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"planned" jsonb,
	"applied" jsonb,
	"refused" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	CONSTRAINT "oneroster_loads_status_check" CHECK ("status" IN ('queued', 'checking', 'checked', 'applying', 'applied', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "oneroster_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oneroster_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sourced_id" text NOT NULL,
	"entity_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"date_last_modified" timestamp with time zone,
	"load_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oneroster_links_kind_check" CHECK ("kind" IN ('district', 'school', 'teacher', 'student', 'class', 'enrollment'))
);
--> statement-breakpoint
ALTER TABLE "oneroster_loads" ADD CONSTRAINT "oneroster_loads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oneroster_loads" ADD CONSTRAINT "oneroster_loads_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oneroster_loads" ADD CONSTRAINT "oneroster_loads_tenant_id_id_key" UNIQUE("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "oneroster_loads_file_key" ON "oneroster_loads" USING btree ("tenant_id","file_id");--> statement-breakpoint
CREATE INDEX "oneroster_loads_recent_idx" ON "oneroster_loads" USING btree ("tenant_id","created_at");--> statement-breakpoint
ALTER TABLE "oneroster_links" ADD CONSTRAINT "oneroster_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oneroster_links_key" ON "oneroster_links" USING btree ("tenant_id","kind","sourced_id");--> statement-breakpoint
CREATE INDEX "oneroster_links_entity_idx" ON "oneroster_links" USING btree ("tenant_id","kind","entity_id");--> statement-breakpoint
SELECT apply_tenant_isolation('oneroster_loads');--> statement-breakpoint
SELECT apply_tenant_isolation('oneroster_links');
