-- References a composite foreign key cannot hold, checked by trigger instead (errcode 23503, as a
-- foreign key would): user_organizations.parent_id names a region, district or location by org_type,
-- and acknowledgements and assessments may be shared (tenant_id null) or a tenant's own. Organisations are only
-- ever deactivated, never deleted, so the parent side needs no trigger.
CREATE OR REPLACE FUNCTION user_organizations_parent_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM regions WHERE NEW.org_type = 'region' AND tenant_id = NEW.tenant_id AND id = NEW.parent_id
    UNION ALL
    SELECT 1 FROM districts WHERE NEW.org_type = 'district' AND tenant_id = NEW.tenant_id AND id = NEW.parent_id
    UNION ALL
    SELECT 1 FROM locations WHERE NEW.org_type = 'location' AND tenant_id = NEW.tenant_id AND id = NEW.parent_id
  ) THEN
    RAISE EXCEPTION 'user_organizations: % % is not an organisation of tenant %', NEW.org_type, NEW.parent_id, NEW.tenant_id
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'user_organizations_parent_check', TABLE = 'user_organizations';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_organizations_parent_check BEFORE INSERT OR UPDATE OF tenant_id, org_type, parent_id ON user_organizations
  FOR EACH ROW EXECUTE FUNCTION user_organizations_parent_check();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION acknowledgement_acceptances_tenant_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM acknowledgements WHERE id = NEW.acknowledgement_id AND (tenant_id IS NULL OR tenant_id = NEW.tenant_id)
  ) THEN
    RAISE EXCEPTION 'acknowledgement_acceptances: acknowledgement % is not offered to tenant %', NEW.acknowledgement_id, NEW.tenant_id
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'acknowledgement_acceptances_tenant_check', TABLE = 'acknowledgement_acceptances';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER acknowledgement_acceptances_tenant_check BEFORE INSERT OR UPDATE OF tenant_id, acknowledgement_id ON acknowledgement_acceptances
  FOR EACH ROW EXECUTE FUNCTION acknowledgement_acceptances_tenant_check();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION data_collections_assessment_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM assessments WHERE id = NEW.assessment_id AND (tenant_id IS NULL OR tenant_id = NEW.tenant_id)
  ) THEN
    RAISE EXCEPTION 'data_collections: assessment % is not offered to tenant %', NEW.assessment_id, NEW.tenant_id
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'data_collections_assessment_check', TABLE = 'data_collections';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER data_collections_assessment_check BEFORE INSERT OR UPDATE OF tenant_id, assessment_id ON data_collections
  FOR EACH ROW EXECUTE FUNCTION data_collections_assessment_check();
