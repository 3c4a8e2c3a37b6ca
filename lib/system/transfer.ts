import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "@/db/client";
import { assessmentItemEntries, assessmentItemResources, assessments, files } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import type { AuditOrigin } from "@/lib/platform/audit";
import { badRequest } from "@/lib/platform/errors";
import { readAssessment } from "./assessments";
import { auditSystem, systemWork } from "./change";
import { insertAssessmentDocument } from "./transfer-core";
import { assessmentDocument, EXPORT_FORMAT, type AssessmentDocument } from "./transfer-schemas";

/** GET /assessments/{id}/export: the assessment as a document that import takes back as a copy (audited). */
export function exportAssessment(actor: Actor, id: number, origin: AuditOrigin = {}): Promise<AssessmentDocument> {
  return systemWork(actor, "system.assessments", "assessment editor: export an assessment", async () => {
    const whole = await readAssessment(id);
    const [{ configuration }] = await db().select({ configuration: assessments.configuration }).from(assessments).where(eq(assessments.id, id));
    const itemIds = whole.assessmentItems.map((i) => i.id);
    const [entries, resources] = itemIds.length
      ? [
          await db()
            .select()
            .from(assessmentItemEntries)
            .where(inArray(assessmentItemEntries.assessmentItemId, itemIds))
            .orderBy(asc(assessmentItemEntries.sortOrder), asc(assessmentItemEntries.id)),
          await db()
            .select()
            .from(assessmentItemResources)
            .where(inArray(assessmentItemResources.assessmentItemId, itemIds))
            .orderBy(asc(assessmentItemResources.id)),
        ]
      : [[], []];
    const hierarchyCode = new Map(whole.hierarchyItems.map((h) => [h.id, h.code]));
    const scaleCode = new Map(whole.scales.map((s) => [s.id, s.code]));
    const a = whole.assessment;
    const doc: AssessmentDocument = {
      format: EXPORT_FORMAT,
      version: 1,
      assessment: { name: a.name, description: a.description, author: a.author, taxonomy: a.taxonomy, isEncapsulated: a.isEncapsulated, configuration },
      hierarchyItems: whole.hierarchyItems.map((h) => ({
        code: h.code,
        label: h.label,
        description: h.description,
        sortOrder: h.sortOrder,
        parentCode: h.parentId ? hierarchyCode.get(h.parentId)! : null,
      })),
      scales: whole.scales.map((s) => ({
        code: s.code,
        label: s.label,
        entries: s.entries.map((e) => ({ code: e.code, label: e.label, score: e.score, color: e.color, sortOrder: e.sortOrder })),
      })),
      items: whole.assessmentItems.map((i) => ({
        code: i.code,
        label: i.label,
        description: i.description,
        itemType: i.itemType,
        sortOrder: i.sortOrder,
        hierarchyCode: i.assessmentItemHierarchyId ? hierarchyCode.get(i.assessmentItemHierarchyId)! : null,
        scaleCode: i.scaleId ? scaleCode.get(i.scaleId)! : null,
        entries: entries.filter((e) => e.assessmentItemId === i.id).map((e) => ({ kind: e.kind, label: e.label, content: e.content, sortOrder: e.sortOrder })),
        resources: resources
          .filter((r) => r.assessmentItemId === i.id)
          .map((r) => ({ fileName: r.fileName, originalFileName: r.originalFileName, sizeBytes: r.sizeBytes, contentType: r.contentType })),
      })),
    };
    await auditSystem(actor, "export", "assessment", id, { items: doc.items.length }, origin);
    return doc;
  });
}

/**
 * A resource in an import file must name an object the platform already holds as an item resource
 * (an uploaded item-resource file or another assessment's resource): a file cannot reach, say,
 * another tenant's evidence by naming its key.
 */
async function checkResourceKeys(doc: AssessmentDocument) {
  const keys = [...new Set(doc.items.flatMap((i) => i.resources.map((r) => r.fileName)))];
  if (keys.length === 0) return;
  const uploaded = await db()
    .select({ key: files.storageKey })
    .from(files)
    .where(and(inArray(files.storageKey, keys), eq(files.purpose, "item-resource"), eq(files.status, "complete")));
  const attached = await db()
    .select({ key: assessmentItemResources.fileName })
    .from(assessmentItemResources)
    .where(inArray(assessmentItemResources.fileName, keys));
  const known = new Set([...uploaded, ...attached].map((r) => r.key));
  const unknown = keys.find((k) => !known.has(k));
  if (unknown) throw badRequest(`The resource file ${unknown} is not held by the platform`);
}

/** POST /assessments/import: the export document becomes a new shared assessment, identical but for its ids. */
export function importAssessment(actor: Actor, raw: unknown, origin: AuditOrigin = {}) {
  return systemWork(actor, "system.assessments", "assessment editor: import an assessment", async () => {
    const doc = assessmentDocument.parse(raw);
    await checkResourceKeys(doc);
    const id = await insertAssessmentDocument(db(), doc, null);
    await auditSystem(
      actor,
      "import",
      "assessment",
      id,
      { items: doc.items.length, hierarchyItems: doc.hierarchyItems.length, scales: doc.scales.length },
      origin,
    );
    return (await readAssessment(id)).assessment;
  });
}
