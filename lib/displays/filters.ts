import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { dataDisplayFilters, type FILTER_TYPES } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { collectionOf, type FilterInput, type SavedFilter, type UpdateFilterInput } from "./schemas";
import { requireDisplayCollection } from "./service";

/**
 * A person's saved data-display filters on a collection they may display (spec §3 'Data-display
 * filter'): their own only; another's, or one on a collection out of reach, answers 404.
 */

export const FILTERS_UPDATED = "Filters successfully updated";

const columns = {
  id: dataDisplayFilters.id,
  name: dataDisplayFilters.name,
  color: dataDisplayFilters.color,
  dataCollectionId: dataDisplayFilters.dataCollectionId,
  filterType: dataDisplayFilters.filterType,
  metadata: dataDisplayFilters.metadata,
  createdAt: dataDisplayFilters.createdAt,
  updatedAt: dataDisplayFilters.updatedAt,
};

interface Row {
  id: number;
  name: string;
  color: string | null;
  dataCollectionId: number;
  filterType: (typeof FILTER_TYPES)[number];
  metadata: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

function toWire(row: Row): SavedFilter {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    dataCollectionsId: row.dataCollectionId,
    collectionId: row.dataCollectionId,
    filterType: row.filterType,
    metadata: JSON.stringify(row.metadata),
    createdAt: Math.floor(row.createdAt.getTime() / 1000),
    updatedAt: Math.floor(row.updatedAt.getTime() / 1000),
  };
}

const own = (actor: Actor) => and(eq(dataDisplayFilters.tenantId, actor.tenantId), eq(dataDisplayFilters.userId, actor.userId));

export async function listFilters(actor: Actor, collectionId: number, filterType?: (typeof FILTER_TYPES)[number]): Promise<SavedFilter[]> {
  authorize(actor, "displays.filters");
  return forTenant(actor, async () => {
    await requireDisplayCollection(actor, collectionId);
    const found = await db()
      .select(columns)
      .from(dataDisplayFilters)
      .where(and(own(actor), eq(dataDisplayFilters.dataCollectionId, collectionId), filterType ? eq(dataDisplayFilters.filterType, filterType) : undefined))
      .orderBy(asc(dataDisplayFilters.name), asc(dataDisplayFilters.id));
    return found.map(toWire);
  });
}

export async function getFilter(actor: Actor, collectionId: number, filterId: number): Promise<SavedFilter> {
  authorize(actor, "displays.filters");
  return forTenant(actor, async () => {
    await requireDisplayCollection(actor, collectionId);
    const [row] = await db()
      .select(columns)
      .from(dataDisplayFilters)
      .where(and(own(actor), eq(dataDisplayFilters.id, filterId), eq(dataDisplayFilters.dataCollectionId, collectionId)));
    if (!row) throw notFound("Filter not found");
    return toWire(row);
  });
}

/** The stored fields an edit names; what it leaves out keeps its value (a null colour clears it). */
function changes(input: UpdateFilterInput) {
  return {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.color === undefined ? {} : { color: input.color }),
    ...(input.metadata === undefined ? {} : { filterType: input.metadata.filterType, metadata: input.metadata as Record<string, unknown> }),
  };
}

export async function createFilter(actor: Actor, input: FilterInput, origin?: AuditOrigin): Promise<SavedFilter> {
  authorize(actor, "displays.filters");
  const collectionId = collectionOf(input);
  return forTenant(actor, async () => {
    await requireDisplayCollection(actor, collectionId);
    const [row] = await db()
      .insert(dataDisplayFilters)
      .values({
        tenantId: actor.tenantId,
        userId: actor.userId,
        dataCollectionId: collectionId,
        name: input.name,
        color: input.color,
        filterType: input.metadata.filterType,
        metadata: input.metadata as Record<string, unknown>,
      })
      .returning(columns);
    await writeAudit(
      actor,
      [{ action: "create", entityType: "data_display_filter", entityId: row.id, details: { dataCollectionId: collectionId, filterType: row.filterType } }],
      origin,
    );
    return toWire(row);
  });
}

export async function updateFilter(actor: Actor, filterId: number, input: UpdateFilterInput, origin?: AuditOrigin): Promise<SavedFilter> {
  authorize(actor, "displays.filters");
  const collectionId = collectionOf(input);
  return forTenant(actor, async () => {
    await requireDisplayCollection(actor, collectionId);
    const [row] = await db()
      .update(dataDisplayFilters)
      .set({ ...changes(input), updatedAt: new Date() })
      .where(and(own(actor), eq(dataDisplayFilters.id, filterId), eq(dataDisplayFilters.dataCollectionId, collectionId)))
      .returning(columns);
    if (!row) throw notFound("Filter not found");
    await writeAudit(
      actor,
      [{ action: "update", entityType: "data_display_filter", entityId: filterId, details: { dataCollectionId: collectionId, filterType: row.filterType } }],
      origin,
    );
    return toWire(row);
  });
}

export async function deleteFilter(actor: Actor, filterId: number, origin?: AuditOrigin): Promise<void> {
  authorize(actor, "displays.filters");
  await forTenant(actor, async () => {
    const [row] = await db()
      .delete(dataDisplayFilters)
      .where(and(own(actor), eq(dataDisplayFilters.id, filterId)))
      .returning({ dataCollectionId: dataDisplayFilters.dataCollectionId });
    if (!row) throw notFound("Filter not found");
    await writeAudit(
      actor,
      [{ action: "delete", entityType: "data_display_filter", entityId: filterId, details: { dataCollectionId: row.dataCollectionId } }],
      origin,
    );
  });
}
