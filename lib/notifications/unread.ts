import "server-only";
import { and, count, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { notifications } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";

/** The bell's badge: the actor's own notifications not yet acknowledged. */
export async function unreadNotificationCount(actor: Actor): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.tenantId, actor.tenantId), eq(notifications.userId, actor.userId), eq(notifications.acknowledged, 0)));
  return row?.n ?? 0;
}
