import "server-only";
import { desc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { announcements } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";

export interface TeacherAnnouncement {
  id: number;
  title: string;
  text: string;
  startDate: Date;
  endDate: Date;
}

/** Enough for a school year's announcements; older ones are of no use on the page. */
const LIMIT = 100;

/** The tenant's announcements as teachers see them: every status, latest start first. */
export async function listTeacherAnnouncements(actor: Actor): Promise<TeacherAnnouncement[]> {
  authorize(actor, "area.teacher");
  return forTenant(actor, () =>
    db()
      .select({
        id: announcements.id,
        title: announcements.title,
        text: announcements.text,
        startDate: announcements.startDate,
        endDate: announcements.endDate,
      })
      .from(announcements)
      .where(eq(announcements.tenantId, actor.tenantId))
      .orderBy(desc(announcements.startDate), desc(announcements.id))
      .limit(LIMIT),
  );
}
