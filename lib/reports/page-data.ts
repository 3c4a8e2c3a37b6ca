import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";

export interface ReportFormOptions {
  schoolYears: { id: number; label: string }[];
  collections: { id: number; name: string; schoolYearId: number }[];
}

/**
 * What the request form offers: the school years that have collections of the tenant, and those
 * collections, newest first. A report's rows are scoped to the requester whichever collection is
 * chosen, so the list is the tenant's.
 */
export function reportFormOptions(actor: Actor): Promise<ReportFormOptions> {
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const collections = await rows<{ id: number; collection_name: string; school_year_id: number }>(
      db(),
      sql`select id, collection_name, school_year_id from data_collections where tenant_id = ${t} and deleted_at is null
        order by cycle_start_date desc, collection_name, id limit 500`,
    );
    const years = await rows<{ id: number; label: string }>(
      db(),
      sql`select y.id, y.label from school_years y
        where exists (select 1 from data_collections c where c.tenant_id = ${t} and c.school_year_id = y.id and c.deleted_at is null)
        order by y.start_date desc`,
    );
    return {
      schoolYears: years,
      collections: collections.map((c) => ({ id: c.id, name: c.collection_name, schoolYearId: c.school_year_id })),
    };
  });
}
