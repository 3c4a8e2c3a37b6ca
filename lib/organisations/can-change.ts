import "server-only";
import { and, eq, type SQL } from "drizzle-orm";
import { db } from "@/db/client";
import { districts, locations, regions } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, districtInReach, locationInReach, regionInReach } from "./reach";

/**
 * Whether a page offers Edit, Delete and New child on an organisation: the same administrative reach
 * the services of admin-save.ts check (they check again on every change).
 */
export async function canChange(actor: Actor, kind: "region" | "district" | "location", id: number): Promise<boolean> {
  if (!can(actor, "organisations.manage")) return false;
  if (actor.tenantWide) return true;
  const t = actor.tenantId;
  const one = (table: typeof regions | typeof districts | typeof locations, scope: SQL) =>
    forTenant(actor, () =>
      db()
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.tenantId, t), eq(table.id, id), scope))
        .limit(1),
    ).then((found) => found.length > 0);
  if (kind === "region") return one(regions, regionInReach(actor, regions.id, ADMINISTRATIVE));
  if (kind === "district") return one(districts, districtInReach(actor, districts.id, ADMINISTRATIVE));
  return one(locations, locationInReach(actor, locations.id, ADMINISTRATIVE));
}

/** Whether a page offers Delete: deleting needs the parent's administration (tenant admins for regions). */
export async function canDelete(actor: Actor, kind: "region" | "district" | "location", parentId: number): Promise<boolean> {
  if (kind === "region") return actor.tenantWide && can(actor, "organisations.manage");
  return canChange(actor, kind === "district" ? "region" : "district", parentId);
}
