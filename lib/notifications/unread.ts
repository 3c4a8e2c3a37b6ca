import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { notifications } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";

/** The bell's badge: the actor's own notifications not yet acknowledged. */
export async function unreadNotificationCount(actor: Actor): Promise<number> {
  const [row] = await forTenant(actor, () =>
    db()
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.tenantId, actor.tenantId), eq(notifications.userId, actor.userId), eq(notifications.acknowledged, 0))),
  );
  return row?.n ?? 0;
}

export interface NotificationSummary {
  id: number;
  message: string;
  acknowledged: boolean;
  createdAt: string;
  /** What it is about, and the ids its link is made of (lib/notifications/links.ts). */
  type: string;
  metadata: Record<string, unknown>;
}

/** The newest of the actor's own notifications, for the bell's panel. */
export async function recentNotifications(actor: Actor, limit = 5): Promise<NotificationSummary[]> {
  const rows = await forTenant(actor, () =>
    db()
      .select({
        id: notifications.id,
        message: notifications.message,
        acknowledged: notifications.acknowledged,
        createdAt: notifications.createdAt,
        type: notifications.type,
        metadata: notifications.metadata,
      })
      .from(notifications)
      .where(and(eq(notifications.tenantId, actor.tenantId), eq(notifications.userId, actor.userId)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
  );
  return rows.map((r) => ({
    id: r.id,
    message: r.message,
    acknowledged: r.acknowledged === 1,
    createdAt: r.createdAt.toISOString(),
    type: r.type,
    metadata: r.metadata,
  }));
}
