-- Row-level security on every tenant-owned table (see db/client.ts: withTenant, asSystem).
-- The application runs its tenant work as assessment_app (NOLOGIN, no BYPASSRLS), switched to per
-- transaction with the tenant in app.tenant_id; with no tenant set its policy matches no row.
-- FORCE makes the policies bind the owner too; the owner (the role running migrations, the one
-- DATABASE_URL connects as) gets an explicit pass-all policy instead of needing BYPASSRLS: that is
-- the asSystem path. Roles are cluster-wide and many databases may migrate at once: create it once.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'assessment_app') THEN
    CREATE ROLE assessment_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another database's migration created it meanwhile
END;
$$;
--> statement-breakpoint
DO $$
BEGIN
  -- The connecting role switches to assessment_app with SET ROLE, which needs membership.
  IF NOT pg_has_role(current_user, 'assessment_app', 'MEMBER') THEN
    EXECUTE format('GRANT assessment_app TO %I', current_user);
  END IF;
END;
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO assessment_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO assessment_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO assessment_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO assessment_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO assessment_app;
--> statement-breakpoint
-- History is append-only by privilege as well as by trigger (0002).
REVOKE UPDATE, DELETE ON score_history, audit_log FROM assessment_app;
--> statement-breakpoint
-- Isolation of one table; later migrations call it for every new tenant-owned table (a schema rule
-- fails otherwise). shared: rows with a null tenant_id are visible to every tenant (shared content)
-- but only the tenant's own rows may be written. Idempotent.
CREATE OR REPLACE FUNCTION apply_tenant_isolation(t regclass, shared boolean DEFAULT false) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  own text := 'tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::int';
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', t);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', t);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', t);
  EXECUTE format('CREATE POLICY tenant_isolation ON %s USING (%s) WITH CHECK (%s)', t,
    CASE WHEN shared THEN 'tenant_id IS NULL OR ' || own ELSE own END, own);
  EXECUTE format('DROP POLICY IF EXISTS system_access ON %s', t);
  EXECUTE format('CREATE POLICY system_access ON %s TO %I USING (true) WITH CHECK (true)', t, current_user);
END;
$$;
--> statement-breakpoint
SELECT apply_tenant_isolation(c.oid::regclass, c.relname IN ('assessments', 'acknowledgements'))
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
  AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped);
