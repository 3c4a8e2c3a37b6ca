import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, locationInReach } from "@/lib/organisations/reach";
import { ownTenant, reachCollection } from "./admin-reach";
import type { FieldTestLocation } from "./admin-schemas";

/**
 * Field tests of a collection (GET .../fieldtests.json, POST and DELETE
 * .../locations/{l}/fieldtests.json): the locations taking part, and the active locations within the
 * actor's reach that could.
 */

export async function listFieldTests(actor: Actor, tenantId: number, collectionId: number) {
  ownTenant(actor, tenantId);
  return forTenant(actor, async () => {
    await reachCollection(actor, collectionId);
    const t = actor.tenantId;
    const found = await rows<FieldTestLocation & { assigned: boolean }>(
      db(),
      sql`select l.id, l.name as "nameLabel", l.unique_id as "uniqueId", l.district_id as "parentId", (f.id is not null) as assigned
        from locations l
        left join data_collection_field_tests f on f.tenant_id = ${t} and f.data_collection_id = ${collectionId} and f.location_id = l.id
        where l.tenant_id = ${t} and (l.active or f.id is not null) and ${locationInReach(actor, sql`l.id`)}
        order by l.name, l.id`,
    );
    const strip = ({ assigned: _, ...l }: FieldTestLocation & { assigned: boolean }) => l;
    return { assigned: found.filter((l) => l.assigned).map(strip), available: found.filter((l) => !l.assigned).map(strip) };
  });
}

async function administeredLocation(actor: Actor, locationId: number) {
  const [hit] = await rows<{ id: number }>(
    db(),
    sql`select id from locations where tenant_id = ${actor.tenantId} and id = ${locationId} and active and ${locationInReach(actor, sql`locations.id`, ADMINISTRATIVE)}`,
  );
  if (!hit) throw notFound("Location not found");
}

export async function addFieldTest(actor: Actor, tenantId: number, collectionId: number, locationId: number, origin: AuditOrigin = {}) {
  ownTenant(actor, tenantId);
  await forTenant(actor, async () => {
    await reachCollection(actor, collectionId);
    await administeredLocation(actor, locationId);
    const added = await rows<{ id: number }>(
      db(),
      sql`insert into data_collection_field_tests (tenant_id, data_collection_id, location_id) values (${actor.tenantId}, ${collectionId}, ${locationId})
        on conflict do nothing returning id`,
    );
    if (added.length)
      await writeAudit(
        actor,
        [{ action: "create", entityType: "data_collection_field_test", entityId: added[0].id, details: { dataCollectionId: collectionId, locationId } }],
        origin,
      );
  });
  return listFieldTests(actor, tenantId, collectionId);
}

export async function removeFieldTest(actor: Actor, tenantId: number, collectionId: number, locationId: number, origin: AuditOrigin = {}) {
  ownTenant(actor, tenantId);
  await forTenant(actor, async () => {
    await reachCollection(actor, collectionId);
    await administeredLocation(actor, locationId);
    const removed = await rows<{ id: number }>(
      db(),
      sql`delete from data_collection_field_tests where tenant_id = ${actor.tenantId} and data_collection_id = ${collectionId} and location_id = ${locationId} returning id`,
    );
    if (!removed.length) throw notFound("The location is not in the field test");
    await writeAudit(
      actor,
      [{ action: "delete", entityType: "data_collection_field_test", entityId: removed[0].id, details: { dataCollectionId: collectionId, locationId } }],
      origin,
    );
  });
  return listFieldTests(actor, tenantId, collectionId);
}
