-- Data displays: a computed display (one person's view of a collection at one organisation level) is
-- kept for a short while and handed out by a signed, expiring URL (GET /data-displays/{role}/{type}
-- answers the URL; the client then fetches it). Rows are per user, so nobody's URL opens another's
-- view; old rows are swept when the same view is computed again.
CREATE TABLE "data_display_results" (
	"tenant_id" integer NOT NULL,
	"id" text NOT NULL,
	"user_id" integer NOT NULL,
	"cache_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_display_results_pkey" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "data_display_results" ADD CONSTRAINT "data_display_results_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_display_results" ADD CONSTRAINT "data_display_results_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_display_results_key_idx" ON "data_display_results" USING btree ("tenant_id","user_id","cache_key","created_at");--> statement-breakpoint
SELECT apply_tenant_isolation('data_display_results');
