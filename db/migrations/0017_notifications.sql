-- Live notifications: any statement that adds, acknowledges or removes notifications announces the
-- users concerned on channel 'notifications' (delivered at commit, to every listening app instance).
-- Writers just INSERT rows; the app's listener (lib/notifications/live) pushes to the users' browsers.
-- Payload: {"op":"insert|update|delete","tenantId":n,"userIds":[...]}, at most 500 users per message
-- (pg_notify's payload limit is 8000 bytes), one message per tenant and chunk.
CREATE FUNCTION notifications_announce() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  batch record;
BEGIN
  FOR batch IN
    SELECT c.tenant_id, json_agg(c.user_id ORDER BY c.user_id) AS user_ids
    FROM (SELECT d.tenant_id, d.user_id, (row_number() OVER (PARTITION BY d.tenant_id ORDER BY d.user_id) - 1) / 500 AS chunk
          FROM (SELECT DISTINCT tenant_id, user_id FROM changed_rows) d) c
    GROUP BY c.tenant_id, c.chunk
  LOOP
    PERFORM pg_notify('notifications', json_build_object('op', lower(TG_OP), 'tenantId', batch.tenant_id, 'userIds', batch.user_ids)::text);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_announce_insert AFTER INSERT ON notifications REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_announce();
--> statement-breakpoint
CREATE TRIGGER notifications_announce_update AFTER UPDATE ON notifications REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_announce();
--> statement-breakpoint
CREATE TRIGGER notifications_announce_delete AFTER DELETE ON notifications REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_announce();
--> statement-breakpoint
-- The bell's count: a user's unacknowledged rows, found without reading the acknowledged ones.
CREATE INDEX notifications_unread_idx ON notifications (tenant_id, user_id) WHERE acknowledged = 0;
