-- score_history and audit_log are append-only: the grade history and the access trail must not be
-- rewritten by the application or by hand (only a superuser setting session_replication_role = replica
-- skips triggers). Foreign keys into them neither cascade nor set null (0001).
CREATE OR REPLACE FUNCTION refuse_history_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation', TABLE = TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER score_history_append_only BEFORE UPDATE OR DELETE ON score_history
  FOR EACH ROW EXECUTE FUNCTION refuse_history_rewrite();
--> statement-breakpoint
CREATE TRIGGER score_history_no_truncate BEFORE TRUNCATE ON score_history
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_rewrite();
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_history_rewrite();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_rewrite();
