import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { assessmentItemResources, dataCollectionItems } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { getTeacherCollection } from "./queries";
import type { ItemResource } from "./resources-schemas";

/**
 * The resource files of the collection's items, in item order. Resources belong to the (global)
 * assessment items: the tenant filter is the collection's item list they are reached through.
 */
export async function listTeacherItemResources(actor: Actor, id: number): Promise<ItemResource[]> {
  await getTeacherCollection(actor, id);
  const r = assessmentItemResources;
  return forTenant(actor, () =>
    db()
      .select({ id: r.id, assessmentItemId: r.assessmentItemId, originalFileName: r.originalFileName, fileName: r.fileName, sizeBytes: r.sizeBytes })
      .from(dataCollectionItems)
      .innerJoin(r, eq(r.assessmentItemId, dataCollectionItems.assessmentItemId))
      .where(and(eq(dataCollectionItems.tenantId, actor.tenantId), eq(dataCollectionItems.dataCollectionId, id)))
      .orderBy(asc(dataCollectionItems.sortOrder), asc(r.assessmentItemId), asc(r.id)),
  );
}
