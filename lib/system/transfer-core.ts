import { assessmentHierarchyItems, assessmentItemEntries, assessmentItemResources, assessmentItems, assessments, scaleEntries, scales } from "../../db/schema";
import type { Executor } from "../../db/client";
import { badRequest } from "../platform/errors";
import type { AssessmentDocument } from "./transfer-schemas";

/*
 * Writing an assessment document: the one path by which an import and the demo seed (db/seed) build
 * a whole assessment. Relative imports and no "server-only": the seed runs it outside Next.
 */

function duplicates(codes: string[]): string[] {
  const seen = new Set<string>();
  return [...new Set(codes.filter((c) => seen.size === seen.add(c).size))];
}

/** Codes unique where the database wants them, and every reference by code pointing at a row of the file. */
function checkDocument(doc: AssessmentDocument): void {
  const problems: string[] = [];
  const hierarchy = new Set(doc.hierarchyItems.map((h) => h.code));
  const scaleCodes = new Set(doc.scales.map((s) => s.code));
  for (const c of duplicates(doc.hierarchyItems.map((h) => h.code))) problems.push(`Hierarchy code ${c} appears twice`);
  for (const c of duplicates(doc.scales.map((s) => s.code))) problems.push(`Scale code ${c} appears twice`);
  for (const c of duplicates(doc.items.map((i) => i.code))) problems.push(`Item code ${c} appears twice`);
  for (const s of doc.scales) for (const c of duplicates(s.entries.map((e) => e.code))) problems.push(`Scale ${s.code} has entry ${c} twice`);
  for (const h of doc.hierarchyItems)
    if (h.parentCode && !hierarchy.has(h.parentCode)) problems.push(`Hierarchy item ${h.code} names an unknown parent ${h.parentCode}`);
  for (const i of doc.items) {
    if (i.hierarchyCode && !hierarchy.has(i.hierarchyCode)) problems.push(`Item ${i.code} names an unknown hierarchy item ${i.hierarchyCode}`);
    if (i.scaleCode && !scaleCodes.has(i.scaleCode)) problems.push(`Item ${i.code} names an unknown scale ${i.scaleCode}`);
  }
  if (problems.length)
    throw badRequest(
      problems[0],
      problems.map((message) => ({ field: "_", message })),
    );
}

/** Parents before children; a cycle of parents is refused. */
function parentsFirst(items: AssessmentDocument["hierarchyItems"]) {
  const placed = new Set<string>();
  const ordered: typeof items = [];
  let rest = items;
  while (rest.length) {
    const ready = rest.filter((h) => !h.parentCode || placed.has(h.parentCode));
    if (ready.length === 0) throw badRequest(`Hierarchy item ${rest[0].code} sits under itself`);
    for (const h of ready) placed.add(h.code);
    ordered.push(...ready);
    rest = rest.filter((h) => !placed.has(h.code));
  }
  return ordered;
}

/** Insert the document as a new assessment (of tenantId, or shared when null); answers its id. Check it first. */
export async function insertAssessmentDocument(ex: Executor, doc: AssessmentDocument, tenantId: number | null): Promise<number> {
  checkDocument(doc);
  const [assessment] = await ex
    .insert(assessments)
    .values({ ...doc.assessment, tenantId })
    .returning({ id: assessments.id });
  const assessmentId = assessment.id;

  const hierarchyId = new Map<string, number>();
  for (const h of parentsFirst(doc.hierarchyItems)) {
    const [row] = await ex
      .insert(assessmentHierarchyItems)
      .values({
        assessmentId,
        code: h.code,
        label: h.label,
        description: h.description,
        sortOrder: h.sortOrder,
        parentId: h.parentCode ? hierarchyId.get(h.parentCode)! : null,
      })
      .returning({ id: assessmentHierarchyItems.id });
    hierarchyId.set(h.code, row.id);
  }

  const scaleId = new Map<string, number>();
  if (doc.scales.length) {
    const rows = await ex
      .insert(scales)
      .values(doc.scales.map((s) => ({ assessmentId, code: s.code, label: s.label })))
      .returning({ id: scales.id, code: scales.code });
    for (const r of rows) scaleId.set(r.code, r.id);
    const entries = doc.scales.flatMap((s) =>
      s.entries.map((e) => ({ ...e, scaleId: scaleId.get(s.code)!, score: e.score === null ? null : String(e.score) })),
    );
    if (entries.length) await ex.insert(scaleEntries).values(entries);
  }

  if (doc.items.length) {
    const rows = await ex
      .insert(assessmentItems)
      .values(
        doc.items.map((i) => ({
          assessmentId,
          code: i.code,
          label: i.label,
          description: i.description,
          itemType: i.itemType,
          sortOrder: i.sortOrder,
          hierarchyItemId: i.hierarchyCode ? hierarchyId.get(i.hierarchyCode)! : null,
          scaleId: i.scaleCode ? scaleId.get(i.scaleCode)! : null,
        })),
      )
      .returning({ id: assessmentItems.id, code: assessmentItems.code });
    const itemId = new Map(rows.map((r) => [r.code, r.id]));
    const entries = doc.items.flatMap((i) => i.entries.map((e) => ({ ...e, assessmentItemId: itemId.get(i.code)! })));
    if (entries.length) await ex.insert(assessmentItemEntries).values(entries);
    const resources = doc.items.flatMap((i) => i.resources.map((r) => ({ ...r, assessmentItemId: itemId.get(i.code)! })));
    if (resources.length) await ex.insert(assessmentItemResources).values(resources);
  }
  return assessmentId;
}
