import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { notifications } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { toUnix } from "@/lib/platform/unix-time";
import type { NotificationItem } from "./schemas";

/*
 * A person's own notifications: everyone signed in has them, and nobody reaches another's (404, as
 * for a row of another tenant). Writers elsewhere (reports, transfers, announcements) just insert rows.
 */

const columns = {
  id: notifications.id,
  type: notifications.type,
  message: notifications.message,
  acknowledged: notifications.acknowledged,
  createdAt: notifications.createdAt,
  metadata: notifications.metadata,
};
type Row = Pick<typeof notifications.$inferSelect, keyof typeof columns>;

const toItem = (r: Row): NotificationItem => ({
  id: r.id,
  type: r.type,
  message: r.message,
  description: r.message,
  acknowledged: r.acknowledged === 1 ? 1 : 0,
  createdAt: toUnix(r.createdAt)!,
  metadata: r.metadata,
});

const own = (actor: Pick<Actor, "tenantId" | "userId">) => and(eq(notifications.tenantId, actor.tenantId), eq(notifications.userId, actor.userId));

/** The newest of one's notifications and the count of all unread ones (the bell's badge). */
export async function listNotifications(
  actor: Pick<Actor, "tenantId" | "userId">,
  limit = 50,
): Promise<{ notifications: NotificationItem[]; unreadCount: number }> {
  return forTenant(actor, async () => {
    const found = await db().select(columns).from(notifications).where(own(actor)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit);
    const [unread] = await db()
      .select({ n: count() })
      .from(notifications)
      .where(and(own(actor), eq(notifications.acknowledged, 0)));
    return { notifications: found.map(toItem), unreadCount: unread?.n ?? 0 };
  });
}

/** Acknowledge one's notification (on click), or mark it unread again. */
export async function acknowledgeNotification(actor: Actor, id: number, acknowledged: 0 | 1, origin?: AuditOrigin): Promise<NotificationItem> {
  return forTenant(actor, async () => {
    const [row] = await db()
      .update(notifications)
      .set({ acknowledged })
      .where(and(own(actor), eq(notifications.id, id)))
      .returning(columns);
    if (!row) throw notFound("Notification not found");
    await writeAudit(actor, [{ action: "update", entityType: "notification", entityId: id, details: { acknowledged } }], origin);
    return toItem(row);
  });
}

export async function removeNotification(actor: Actor, id: number, origin?: AuditOrigin): Promise<void> {
  await forTenant(actor, async () => {
    const [row] = await db()
      .delete(notifications)
      .where(and(own(actor), eq(notifications.id, id)))
      .returning({ id: notifications.id });
    if (!row) throw notFound("Notification not found");
    await writeAudit(actor, [{ action: "delete", entityType: "notification", entityId: id }], origin);
  });
}
