import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize, can } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, districtOnPath } from "@/lib/organisations/reach";

export interface EdfiDownloadOptions {
  tenantWide: boolean;
  collections: { id: number; name: string }[];
  /** The districts the admin may export one at a time (on the path of their administrative reach), by name. */
  districts: { id: number; name: string }[];
  /** Whether the admin may set up an Ed-Fi ODS/API connection and send through it. */
  canSend: boolean;
}

/** What the Ed-Fi download offers on the reports page: the tenant's collections, newest first, and the districts in reach. */
export function edfiDownloadOptions(actor: Actor): Promise<EdfiDownloadOptions> {
  authorize(actor, "results.edfiExport");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const collections = await rows<{ id: number; collection_name: string }>(
      db(),
      sql`select id, collection_name from data_collections where tenant_id = ${t} and deleted_at is null
        order by cycle_start_date desc, collection_name, id limit 500`,
    );
    const districts = await rows<{ id: number; name: string }>(
      db(),
      sql`select d.id, d.name from districts d where d.tenant_id = ${t} and d.active and ${districtOnPath(actor, sql.raw("d.id"), ADMINISTRATIVE)}
        order by d.name, d.id limit 2000`,
    );
    return {
      tenantWide: actor.tenantWide,
      canSend: can(actor, "results.edfiSend"),
      collections: collections.map((c) => ({ id: c.id, name: c.collection_name })),
      districts,
    };
  });
}
