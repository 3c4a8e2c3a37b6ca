import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { rolesWith } from "@/lib/auth/permissions";

/**
 * Tell teachers about every announcement that has become active since the last run, once each:
 * the UPDATE claims the due announcements (active_notified_at, migration 0020) and the INSERT
 * writes one notification per enabled, unlocked teacher of its tenant (not the author) in the same
 * statement, so two workers never tell twice and a failure tells nobody. Runs across tenants (the
 * announcements.activate job, every minute, as system). The live bell follows by the
 * notifications trigger.
 */
/** `tenantId` limits the run to one tenant (tests); the job runs over all. */
export async function notifyActivatedAnnouncements(now = new Date(), tenantId?: number): Promise<{ announcements: number; notifications: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const teacherRoles = rolesWith("area.teacher").map((role) => sql`${role}`);
  const [row] = await rows<{ announcements: number; notifications: number }>(
    db(),
    sql`with due as (
        update announcements a set active_notified_at = ${at}
        where a.active_notified_at is null and a.start_date <= ${at} and a.end_date >= ${at}
          and (${tenantId ?? null}::int is null or a.tenant_id = ${tenantId ?? null}::int)
        returning a.id, a.tenant_id, a.title, a.created_by
      ), sent as (
        insert into notifications (tenant_id, user_id, type, message, metadata)
        select u.tenant_id, u.id, 'announcement', left('Announcement now active: ' || due.title, 300), jsonb_build_object('announcementId', due.id)
        from due join users u on u.tenant_id = due.tenant_id
        where u.id is distinct from due.created_by and u.enabled and not u.locked and not u.expired
          and exists (select 1 from user_roles r where r.tenant_id = u.tenant_id and r.user_id = u.id
            and r.role::text in (${sql.join(teacherRoles, sql`, `)}))
        returning 1
      )
      select (select count(*) from due)::int as announcements, (select count(*) from sent)::int as notifications`,
  );
  return { announcements: Number(row?.announcements ?? 0), notifications: Number(row?.notifications ?? 0) };
}
