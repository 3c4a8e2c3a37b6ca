import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { dataCollectionSupports } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { buildCollection, reachCollection } from "./admin-reach";
import type { CollectionSupport, SupportInput } from "./admin-schemas";

/** The supports (accommodations) a collection offers: GET, POST, PUT /data-collections/{id}/supports?admin=true, DELETE with id. */

const columns = { id: dataCollectionSupports.id, label: dataCollectionSupports.label, code: dataCollectionSupports.code };
const ofCollection = (actor: Actor, collectionId: number) =>
  and(eq(dataCollectionSupports.tenantId, actor.tenantId), eq(dataCollectionSupports.dataCollectionId, collectionId));

export async function listCollectionSupports(actor: Actor, collectionId: number): Promise<CollectionSupport[]> {
  return forTenant(actor, async () => {
    await reachCollection(actor, collectionId);
    return db()
      .select(columns)
      .from(dataCollectionSupports)
      .where(ofCollection(actor, collectionId))
      .orderBy(asc(dataCollectionSupports.label), asc(dataCollectionSupports.id));
  });
}

export async function createCollectionSupport(actor: Actor, collectionId: number, input: SupportInput, origin: AuditOrigin = {}): Promise<CollectionSupport> {
  return forTenant(actor, async () => {
    await buildCollection(actor, collectionId);
    const [row] = await db()
      .insert(dataCollectionSupports)
      .values({ tenantId: actor.tenantId, dataCollectionId: collectionId, ...input })
      .returning(columns);
    await writeAudit(
      actor,
      [{ action: "create", entityType: "data_collection_support", entityId: row.id, details: { dataCollectionId: collectionId, after: input } }],
      origin,
    );
    return row;
  });
}

export async function updateCollectionSupport(
  actor: Actor,
  collectionId: number,
  input: SupportInput & { id: number },
  origin: AuditOrigin = {},
): Promise<CollectionSupport> {
  return forTenant(actor, async () => {
    await buildCollection(actor, collectionId);
    const [before] = await db()
      .select(columns)
      .from(dataCollectionSupports)
      .where(and(ofCollection(actor, collectionId), eq(dataCollectionSupports.id, input.id)));
    if (!before) throw notFound("Support not found");
    const [row] = await db()
      .update(dataCollectionSupports)
      .set({ label: input.label, code: input.code })
      .where(and(ofCollection(actor, collectionId), eq(dataCollectionSupports.id, input.id)))
      .returning(columns);
    await writeAudit(
      actor,
      [{ action: "update", entityType: "data_collection_support", entityId: row.id, details: { dataCollectionId: collectionId, before, after: row } }],
      origin,
    );
    return row;
  });
}

/** A support children already used goes with their records of it (the database cascades). */
export async function deleteCollectionSupport(actor: Actor, collectionId: number, id: number, origin: AuditOrigin = {}): Promise<number> {
  return forTenant(actor, async () => {
    await buildCollection(actor, collectionId);
    const removed = await db()
      .delete(dataCollectionSupports)
      .where(and(ofCollection(actor, collectionId), eq(dataCollectionSupports.id, id)))
      .returning(columns);
    if (!removed.length) throw notFound("Support not found");
    await writeAudit(
      actor,
      [{ action: "delete", entityType: "data_collection_support", entityId: id, details: { dataCollectionId: collectionId, before: removed[0] } }],
      origin,
    );
    return removed.length;
  });
}
