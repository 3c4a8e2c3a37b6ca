import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { assessmentHierarchyItems, assessmentItems, assessments, scaleEntries, scales, tenants } from "@/db/schema";
import { acrossTenants } from "@/lib/platform/across-tenants";
import type { Actor } from "@/lib/platform/actor";
import type { AuditOrigin } from "@/lib/platform/audit";
import { badRequest, fieldError, notFound } from "@/lib/platform/errors";
import type { CreateAssessment, UpdateAssessment } from "./assessment-schemas";
import { auditSystem, changedFields, systemWork } from "./change";

/** KRA is the SUMMATIVE taxonomy; every other taxonomy is an ELA assessment. */
export const isKraTaxonomy = (taxonomy: string) => taxonomy.toUpperCase() === "SUMMATIVE";

const assessmentColumns = {
  id: assessments.id,
  name: assessments.name,
  description: assessments.description,
  author: assessments.author,
  taxonomy: assessments.taxonomy,
  isEncapsulated: assessments.isEncapsulated,
  tenantId: assessments.tenantId,
};
type AssessmentRow = {
  id: number;
  name: string;
  description: string | null;
  author: string | null;
  taxonomy: string;
  isEncapsulated: boolean;
  tenantId: number | null;
};
const assessmentWire = (a: AssessmentRow) => ({ ...a, isKra: isKraTaxonomy(a.taxonomy) });

export const hierarchyColumns = {
  id: assessmentHierarchyItems.id,
  assessmentId: assessmentHierarchyItems.assessmentId,
  parentId: assessmentHierarchyItems.parentId,
  code: assessmentHierarchyItems.code,
  label: assessmentHierarchyItems.label,
  description: assessmentHierarchyItems.description,
  sortOrder: assessmentHierarchyItems.sortOrder,
};
export const itemColumns = {
  id: assessmentItems.id,
  assessmentId: assessmentItems.assessmentId,
  code: assessmentItems.code,
  label: assessmentItems.label,
  description: assessmentItems.description,
  assessmentItemHierarchyId: assessmentItems.hierarchyItemId,
  scaleId: assessmentItems.scaleId,
  itemType: assessmentItems.itemType,
  sortOrder: assessmentItems.sortOrder,
};
export const scaleEntryColumns = {
  id: scaleEntries.id,
  scaleId: scaleEntries.scaleId,
  code: scaleEntries.code,
  label: scaleEntries.label,
  score: scaleEntries.score,
  color: scaleEntries.color,
  sortOrder: scaleEntries.sortOrder,
};
export const scaleEntryWire = (e: {
  id: number;
  scaleId: number;
  code: string;
  label: string;
  score: string | null;
  color: string | null;
  sortOrder: number;
}) => ({
  ...e,
  score: e.score === null ? null : Number(e.score),
});

/** The assessment, or 404. Call inside systemWork or acrossTenants. */
export async function assessmentOr404(id: number): Promise<AssessmentRow> {
  const [row] = await db().select(assessmentColumns).from(assessments).where(eq(assessments.id, id));
  if (!row) throw notFound("Assessment not found");
  return row;
}

async function tenantExists(tenantId: number | null | undefined) {
  if (!tenantId) return;
  const [row] = await db().select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw fieldError("tenantId", "Tenant not found");
}

/** Every assessment of the platform (shared and tenant-owned), with its item count, for the system pages. */
export function listAllAssessments(actor: Actor) {
  return acrossTenants(actor, "system.assessments", "assessment editor: every tenant's assessments", async () => {
    const rows = await db()
      .select({ ...assessmentColumns, tenantName: tenants.name })
      .from(assessments)
      .leftJoin(tenants, eq(tenants.id, assessments.tenantId))
      .orderBy(asc(assessments.name), asc(assessments.id));
    const counts = await db().select({ assessmentId: assessmentItems.assessmentId }).from(assessmentItems);
    const items = new Map<number, number>();
    for (const c of counts) items.set(c.assessmentId, (items.get(c.assessmentId) ?? 0) + 1);
    return rows.map(({ tenantName, ...a }) => ({ ...assessmentWire(a), tenantName, items: items.get(a.id) ?? 0 }));
  });
}

/** The structure of one assessment as a whole, inside a system context (the editor and the export read it). */
export async function readAssessment(id: number) {
  const assessment = await assessmentOr404(id);
  const [hierarchyItems, scaleRows, entryRows, items] = [
    await db()
      .select(hierarchyColumns)
      .from(assessmentHierarchyItems)
      .where(eq(assessmentHierarchyItems.assessmentId, id))
      .orderBy(asc(assessmentHierarchyItems.sortOrder), asc(assessmentHierarchyItems.id)),
    await db()
      .select({ id: scales.id, assessmentId: scales.assessmentId, code: scales.code, label: scales.label })
      .from(scales)
      .where(eq(scales.assessmentId, id))
      .orderBy(asc(scales.id)),
    await db()
      .select(scaleEntryColumns)
      .from(scaleEntries)
      .innerJoin(scales, eq(scales.id, scaleEntries.scaleId))
      .where(eq(scales.assessmentId, id))
      .orderBy(asc(scaleEntries.sortOrder), asc(scaleEntries.id)),
    await db()
      .select(itemColumns)
      .from(assessmentItems)
      .where(eq(assessmentItems.assessmentId, id))
      .orderBy(asc(assessmentItems.sortOrder), asc(assessmentItems.id)),
  ];
  return {
    assessment: assessmentWire(assessment),
    hierarchyItems,
    scales: scaleRows.map((s) => ({ ...s, entries: entryRows.filter((e) => e.scaleId === s.id).map(scaleEntryWire) })),
    assessmentItems: items,
  };
}

/** GET /assessments/{id}: the assessment with its hierarchy, scales (and entries) and items. */
export function getAssessmentDetail(actor: Actor, id: number) {
  return acrossTenants(actor, "system.assessments", "assessment editor: one assessment", () => readAssessment(id));
}

/** POST /assessments: a shared assessment (tenantId null) or one tenant's own. */
export function createAssessment(actor: Actor, input: CreateAssessment, origin: AuditOrigin = {}) {
  return systemWork(actor, "system.assessments", "assessment editor: create an assessment", async () => {
    await tenantExists(input.tenantId);
    const [row] = await db()
      .insert(assessments)
      .values({ ...input, tenantId: input.tenantId ?? null, isEncapsulated: input.isEncapsulated ?? false })
      .returning(assessmentColumns);
    await auditSystem(actor, "create", "assessment", row.id, { fields: changedFields(input) }, origin);
    return assessmentWire(row);
  });
}

/** PUT /assessments {id, ...}: the named fields change; the owner tenant does not. */
export function updateAssessment(actor: Actor, input: UpdateAssessment, origin: AuditOrigin = {}) {
  return systemWork(actor, "system.assessments", "assessment editor: update an assessment", async () => {
    const fields = changedFields(input);
    if (fields.length === 0) throw badRequest("Name at least one field to change");
    await assessmentOr404(input.id);
    const { id, ...values } = input;
    const [row] = await db()
      .update(assessments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(assessments.id, id))
      .returning(assessmentColumns);
    await auditSystem(actor, "update", "assessment", id, { fields }, origin);
    return assessmentWire(row);
  });
}
