import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { announcements } from "@/db/schema";
import { authorize, can, rolesWith } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { toUnix } from "@/lib/platform/unix-time";
import type { Announcement, AnnouncementInput } from "./schemas";
import { announcementColor, announcementStatus } from "./status";

/** A school year's announcements and then some; older ones are of no use to anyone. */
const LIMIT = 500;

const columns = {
  id: announcements.id,
  tenantId: announcements.tenantId,
  title: announcements.title,
  text: announcements.text,
  startDate: announcements.startDate,
  endDate: announcements.endDate,
  createdAt: announcements.createdAt,
};
type Row = Pick<typeof announcements.$inferSelect, keyof typeof columns>;

function toAnnouncement(row: Row, now = new Date()): Announcement {
  const status = announcementStatus(row.startDate, row.endDate, now) ?? null;
  return {
    id: row.id,
    tenantsId: row.tenantId,
    title: row.title,
    text: row.text,
    startDate: toUnix(row.startDate)!,
    endDate: toUnix(row.endDate)!,
    createdAt: toUnix(row.createdAt)!,
    status,
    color: announcementColor(status ?? undefined),
  };
}

/**
 * GET /announcements: administrators who manage them see every announcement of their tenant, latest
 * start first; teachers see those active now. `tenantsId`, when given, must be the caller's tenant.
 */
export async function listAnnouncements(actor: Actor, tenantsId?: number): Promise<Announcement[]> {
  authorize(actor, "announcements.read");
  if (tenantsId !== undefined && tenantsId !== actor.tenantId) throw notFound("Tenant not found");
  const activeOnly = !can(actor, "announcements.manage");
  const found = await forTenant(actor, () =>
    db()
      .select(columns)
      .from(announcements)
      .where(
        and(
          eq(announcements.tenantId, actor.tenantId),
          activeOnly ? sql`${announcements.startDate} <= now() and ${announcements.endDate} >= now()` : undefined,
        ),
      )
      .orderBy(desc(announcements.startDate), desc(announcements.id))
      .limit(LIMIT),
  );
  const now = new Date();
  return found.map((row) => toAnnouncement(row, now));
}

const FIELDS = ["title", "text", "startDate", "endDate"];
const values = (input: AnnouncementInput) => ({
  title: input.title,
  text: input.text,
  startDate: new Date(input.startDate * 1000),
  endDate: new Date(input.endDate * 1000),
});

/**
 * Tell the tenant's teachers (enabled, unlocked; not the author) about a new announcement that is
 * running or coming: one notification row each, pushed live by the notifications trigger.
 */
async function notifyTeachers(actor: Actor, announcement: Announcement): Promise<void> {
  if (announcement.status === "past") return;
  const message = `New announcement: ${announcement.title}`.slice(0, 300);
  const metadata = JSON.stringify({ announcementId: announcement.id });
  // Those who read announcements in the teacher area (its page and dashboard).
  const teacherRoles = rolesWith("area.teacher").map((role) => sql`${role}`);
  await rows(
    db(),
    sql`insert into notifications (tenant_id, user_id, type, message, metadata)
      select u.tenant_id, u.id, 'announcement', ${message}, ${metadata}::jsonb
      from users u
      where u.tenant_id = ${actor.tenantId} and u.id <> ${actor.userId} and u.enabled and not u.locked and not u.expired
        and exists (select 1 from user_roles r where r.tenant_id = u.tenant_id and r.user_id = u.id
          and r.role::text in (${sql.join(teacherRoles, sql`, `)}))`,
  );
}

export async function createAnnouncement(actor: Actor, input: AnnouncementInput, origin?: AuditOrigin): Promise<Announcement> {
  authorize(actor, "announcements.manage");
  return forTenant(actor, async () => {
    const [row] = await db()
      .insert(announcements)
      // One that has started is announced now ('New announcement'); one still to come is announced
      // again when it starts (the announcements.activate job).
      .values({
        tenantId: actor.tenantId,
        createdBy: actor.userId,
        ...values(input),
        activeNotifiedAt: input.startDate * 1000 <= Date.now() ? new Date() : null,
      })
      .returning(columns);
    const created = toAnnouncement(row);
    await notifyTeachers(actor, created);
    await writeAudit(actor, [{ action: "create", entityType: "announcement", entityId: row.id, details: { fields: FIELDS } }], origin);
    return created;
  });
}

export async function updateAnnouncement(actor: Actor, id: number, input: AnnouncementInput, origin?: AuditOrigin): Promise<Announcement> {
  authorize(actor, "announcements.manage");
  return forTenant(actor, async () => {
    const [row] = await db()
      .update(announcements)
      // Moved to a later start: teachers are told again when it starts.
      .set({ ...values(input), updatedAt: new Date(), ...(input.startDate * 1000 > Date.now() ? { activeNotifiedAt: null } : {}) })
      .where(and(eq(announcements.tenantId, actor.tenantId), eq(announcements.id, id)))
      .returning(columns);
    if (!row) throw notFound("Announcement not found");
    await writeAudit(actor, [{ action: "update", entityType: "announcement", entityId: id, details: { fields: FIELDS } }], origin);
    return toAnnouncement(row);
  });
}

export async function deleteAnnouncement(actor: Actor, id: number, origin?: AuditOrigin): Promise<void> {
  authorize(actor, "announcements.manage");
  await forTenant(actor, async () => {
    const [row] = await db()
      .delete(announcements)
      .where(and(eq(announcements.tenantId, actor.tenantId), eq(announcements.id, id)))
      .returning({ id: announcements.id });
    if (!row) throw notFound("Announcement not found");
    await writeAudit(actor, [{ action: "delete", entityType: "announcement", entityId: id }], origin);
  });
}
