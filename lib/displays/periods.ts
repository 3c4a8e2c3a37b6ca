import "server-only";
import { and, asc, count, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { checkpointPeriods } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { badRequest, notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import type { CheckpointPeriodWire, PeriodInput } from "./schemas";
import { requireAdminCollection, requireDisplayCollection } from "./service";

/**
 * A collection's checkpoint periods (spec §3): collection-wide windows that place each child's
 * progress row by when its results last changed. Everyone who may display the collection reads them;
 * administrators who reach it add, change and remove them. Adding one switches the periods on in the
 * display (the page's 'Show checkpoint periods').
 */

export const PERIOD_COLORS = ["#1d4ed8", "#b45309", "#15803d", "#7e22ce"];
/** More would not fit a progress table's legend. */
const MAX_PERIODS = 20;

const columns = {
  id: checkpointPeriods.id,
  dataCollectionId: checkpointPeriods.dataCollectionId,
  label: checkpointPeriods.label,
  color: checkpointPeriods.color,
  startDate: checkpointPeriods.startDate,
  endDate: checkpointPeriods.endDate,
};
type Row = { id: number; dataCollectionId: number; label: string; color: string; startDate: Date | null; endDate: Date | null };

const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);
const toWire = (r: Row): CheckpointPeriodWire => ({
  id: r.id,
  dataCollectionId: r.dataCollectionId,
  label: r.label,
  color: r.color,
  startDate: unix(r.startDate),
  endDate: unix(r.endDate),
});
const ofCollection = (actor: Actor, collectionId: number) =>
  and(eq(checkpointPeriods.tenantId, actor.tenantId), eq(checkpointPeriods.dataCollectionId, collectionId));

/** Inside forTenant: the collection's periods, earliest first. */
async function periodsOf(actor: Actor, collectionId: number): Promise<CheckpointPeriodWire[]> {
  const found = await db()
    .select(columns)
    .from(checkpointPeriods)
    .where(ofCollection(actor, collectionId))
    .orderBy(asc(checkpointPeriods.startDate), asc(checkpointPeriods.id));
  return found.map(toWire);
}

export async function listPeriods(actor: Actor, collectionId: number): Promise<CheckpointPeriodWire[]> {
  authorize(actor, "displays.filters");
  return forTenant(actor, async () => {
    await requireDisplayCollection(actor, collectionId);
    return periodsOf(actor, collectionId);
  });
}

async function requireManaged(actor: Actor, collectionId: number): Promise<void> {
  authorize(actor, "displays.admin");
  await requireAdminCollection(actor, collectionId);
}

export async function createPeriod(actor: Actor, collectionId: number, input: PeriodInput, origin?: AuditOrigin): Promise<CheckpointPeriodWire> {
  authorize(actor, "displays.admin");
  return forTenant(actor, async () => {
    await requireManaged(actor, collectionId);
    const [{ n }] = await db().select({ n: count() }).from(checkpointPeriods).where(ofCollection(actor, collectionId));
    if (n >= MAX_PERIODS) throw badRequest(`A collection has at most ${MAX_PERIODS} checkpoint periods`);
    const [row] = await db()
      .insert(checkpointPeriods)
      .values({
        tenantId: actor.tenantId,
        dataCollectionId: collectionId,
        label: input.label,
        color: input.color ?? PERIOD_COLORS[n % PERIOD_COLORS.length],
        startDate: new Date(input.startDate * 1000),
        endDate: new Date(input.endDate * 1000),
      })
      .returning(columns);
    await writeAudit(actor, [{ action: "create", entityType: "checkpoint_period", entityId: row.id, details: { dataCollectionId: collectionId } }], origin);
    return toWire(row);
  });
}

export async function updatePeriod(actor: Actor, collectionId: number, id: number, input: PeriodInput, origin?: AuditOrigin): Promise<CheckpointPeriodWire> {
  authorize(actor, "displays.admin");
  return forTenant(actor, async () => {
    await requireManaged(actor, collectionId);
    const [row] = await db()
      .update(checkpointPeriods)
      .set({
        label: input.label,
        ...(input.color ? { color: input.color } : {}),
        startDate: new Date(input.startDate * 1000),
        endDate: new Date(input.endDate * 1000),
        updatedAt: new Date(),
      })
      .where(and(ofCollection(actor, collectionId), eq(checkpointPeriods.id, id)))
      .returning(columns);
    if (!row) throw notFound("Checkpoint period not found");
    await writeAudit(actor, [{ action: "update", entityType: "checkpoint_period", entityId: id, details: { dataCollectionId: collectionId } }], origin);
    return toWire(row);
  });
}

export async function deletePeriod(actor: Actor, collectionId: number, id: number, origin?: AuditOrigin): Promise<void> {
  authorize(actor, "displays.admin");
  await forTenant(actor, async () => {
    await requireManaged(actor, collectionId);
    const [row] = await db()
      .delete(checkpointPeriods)
      .where(and(ofCollection(actor, collectionId), eq(checkpointPeriods.id, id)))
      .returning({ id: checkpointPeriods.id });
    if (!row) throw notFound("Checkpoint period not found");
    await writeAudit(actor, [{ action: "delete", entityType: "checkpoint_period", entityId: id, details: { dataCollectionId: collectionId } }], origin);
  });
}
