import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "../client";
import { insertAssessmentDocument } from "../../lib/system/transfer-core";
import { EXPORT_FORMAT, type AssessmentDocument } from "../../lib/system/transfer-schemas";
import { assessmentHierarchyItems, assessmentItems, assessments, schoolYears } from "../schema";
import type { AssessmentDef } from "./assessment-content";

/** The school year a date falls in (1 July to 30 June): 2026-11-22 is in 2026-2027. */
export function schoolYearOf(now: Date): { label: string; startDate: string; endDate: string } {
  const start = now.getUTCMonth() >= 6 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return { label: `${start}-${start + 1}`, startDate: `${start}-07-01`, endDate: `${start + 1}-06-30` };
}

/** Last, current and next school year (global rows, shared by every tenant); returns the current one's id. */
export async function ensureSchoolYears(executor: Executor, now: Date): Promise<number> {
  const current = schoolYearOf(now);
  const years = [-1, 0, 1].map((offset) => schoolYearOf(new Date(Date.UTC(now.getUTCFullYear() + offset, now.getUTCMonth(), 1))));
  await executor.insert(schoolYears).values(years).onConflictDoNothing();
  const [row] = await executor.select({ id: schoolYears.id }).from(schoolYears).where(eq(schoolYears.label, current.label));
  return row.id;
}

export interface SeededItem {
  id: number;
  code: string;
  domain: string;
  hierarchyItemId: number;
  scaleId: number;
  sortOrder: number;
}

interface SeededAssessment {
  id: number;
  items: SeededItem[];
}

async function loadAssessment(executor: Executor, id: number): Promise<SeededAssessment> {
  const items = await executor
    .select({
      id: assessmentItems.id,
      code: assessmentItems.code,
      domain: assessmentHierarchyItems.code,
      hierarchyItemId: assessmentHierarchyItems.id,
      scaleId: assessmentItems.scaleId,
      sortOrder: assessmentItems.sortOrder,
    })
    .from(assessmentItems)
    .innerJoin(assessmentHierarchyItems, eq(assessmentHierarchyItems.id, assessmentItems.hierarchyItemId))
    .where(eq(assessmentItems.assessmentId, id))
    .orderBy(assessmentItems.sortOrder);
  return { id, items: items.map((i) => ({ ...i, scaleId: i.scaleId! })) };
}

/** A shared assessment (offered to every tenant), created once with its domains, scales and items. */
export async function ensureSharedAssessment(executor: Executor, def: AssessmentDef): Promise<SeededAssessment> {
  const [existing] = await executor
    .select({ id: assessments.id })
    .from(assessments)
    .where(and(isNull(assessments.tenantId), eq(assessments.name, def.name)));
  if (existing) return loadAssessment(executor, existing.id);

  const id = await insertAssessmentDocument(executor, documentOf(def), null);
  return loadAssessment(executor, id);
}

/** A seed definition as an export document: the demo assessments go in by the import's path. */
function documentOf(def: AssessmentDef): AssessmentDocument {
  const { domains, scales: scaleDefs, items, ...assessment } = def;
  return {
    format: EXPORT_FORMAT,
    version: 1,
    assessment: { ...assessment, isEncapsulated: false },
    hierarchyItems: domains.map(([code, label], i) => ({ code, label, description: null, sortOrder: i + 1, parentCode: null })),
    scales: scaleDefs.map((s) => ({
      code: s.code,
      label: s.label,
      entries: s.entries.map(([code, label, score, color], i) => ({ code, label, score, color, sortOrder: i + 1 })),
    })),
    items: items.map((item, i) => ({
      code: item.code,
      label: item.label,
      description: item.description,
      itemType: item.itemType,
      sortOrder: i + 1,
      hierarchyCode: item.domain,
      scaleCode: item.scale,
      entries: item.entries.map(([kind, label, content], n) => ({ kind, label, content, sortOrder: n + 1 })),
      resources: [],
    })),
  };
}
