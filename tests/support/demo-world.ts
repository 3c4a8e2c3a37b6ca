import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { userRoles, users } from "@/db/schema";
import type { Role } from "@/db/schema/identity";
import { seedDemoIfEmpty } from "@/db/seed/demo";

/** The brief's today; the demo's open windows are placed around it. */
const NOW = new Date("2026-11-22T15:00:00Z");

/** Every role a request may need, so that the permission check lets each operation reach its input. */
const ALL_POWERS: Role[] = ["ROLE_SYSTEM_ADMIN", "ROLE_TENANT_ADMIN", "ROLE_ADMIN", "ROLE_TEACHER"];

/**
 * The demo data (two tenants with organisations, collections, students, scores, reports...) and its
 * system administrator given tenant admin, admin and teacher too: the generated tests walk every
 * operation of the document, and each needs records of its kind and an actor allowed to reach them.
 * The demo's teacher reaches what only a rostered class holds (grades, a child's supports).
 */
export async function demoWorld() {
  await seedDemoIfEmpty({ now: NOW });
  const [user] = await db().select().from(users).where(eq(users.username, "system@demo.test"));
  const [teacher] = await db().select().from(users).where(eq(users.username, "teacher@demo.test"));
  await db()
    .insert(userRoles)
    .values(ALL_POWERS.map((role) => ({ tenantId: user.tenantId, userId: user.id, role })))
    .onConflictDoNothing();
  return { user, teacher };
}
