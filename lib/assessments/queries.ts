import "server-only";
import { asc, eq, isNull, or } from "drizzle-orm";
import { db } from "@/db/client";
import { assessments } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { toUnix } from "@/lib/platform/unix-time";

/** KRA is the SUMMATIVE taxonomy; every other taxonomy is an ELA assessment. */
const isKraTaxonomy = (taxonomy: string) => taxonomy.toUpperCase() === "SUMMATIVE";

/** Assessments offered to the actor's tenant: the shared ones and the tenant's own. */
export async function listAssessments(actor: Actor) {
  const rows = await forTenant(actor, () =>
    db()
      .select({
        id: assessments.id,
        name: assessments.name,
        description: assessments.description,
        author: assessments.author,
        isEncapsulated: assessments.isEncapsulated,
        taxonomy: assessments.taxonomy,
        tenantId: assessments.tenantId,
        createdAt: assessments.createdAt,
        updatedAt: assessments.updatedAt,
      })
      .from(assessments)
      .where(or(isNull(assessments.tenantId), eq(assessments.tenantId, actor.tenantId)))
      .orderBy(asc(assessments.name), asc(assessments.id)),
  );
  return rows.map((r) => ({ ...r, isKra: isKraTaxonomy(r.taxonomy), createdAt: toUnix(r.createdAt), updatedAt: toUnix(r.updatedAt) }));
}
