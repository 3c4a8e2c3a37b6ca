import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { assessments, dataCollections, studentEnrollments } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import { listTeacherCollectionHierarchyItems, listTeacherCollectionItems } from "@/lib/collections/content";
import { getTeacherCollection } from "@/lib/collections/queries";
import type { TeacherCollection } from "@/lib/collections/schemas";
import { listTenantFields } from "@/lib/lookups/queries";
import { childResults } from "@/lib/results/child-results";
import type { ChildResults } from "@/lib/results/schemas";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import type { RosterStudent } from "./grade-schemas";
import { listRosterStudents } from "./grades";
import { gradeHistory, milestoneHistory } from "./history";
import type { CapturedMilestone, HistoryEntry } from "./history-schemas";
import { activeMilestones } from "./milestones";
import type { ActiveMilestone } from "./milestones-schemas";
import { requireRostered } from "./roster";
import { listTeacherSupports } from "./supports";
import type { Support } from "./supports-schemas";

const SLOTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
type Slot = `input${(typeof SLOTS)[number]}` | `option${(typeof SLOTS)[number]}`;

export interface CustomFieldValue {
  id: number;
  label: string;
  /** The option's label for a select field, else the stored text; null when empty. */
  value: string | null;
}

export interface StudentPage {
  collection: TeacherCollection;
  student: RosterStudent;
  /** The performance level in words (the assessment's label), else its code; null until scored. */
  levelLabel: string | null;
  domains: { code: string; label: string; score: number | null }[];
  supports: Support[];
  selectedSupportIds: number[];
  customFields: CustomFieldValue[];
  history: HistoryEntry[];
  active: ActiveMilestone[];
  captured: CapturedMilestone[];
  overTime: ChildResults;
  /** Item code by item id, for the captured grades. */
  itemCodes: Map<number, string>;
}

/** The performance levels' words by code, from the collection's assessment configuration. */
async function levelLabels(actor: Actor, collectionId: number): Promise<Map<string, string>> {
  authorize(actor, "collections.teacherRead");
  const [row] = await forTenant(actor, () =>
    db()
      .select({ configuration: assessments.configuration })
      .from(dataCollections)
      .innerJoin(assessments, eq(assessments.id, dataCollections.assessmentId))
      .where(and(eq(dataCollections.tenantId, actor.tenantId), eq(dataCollections.id, collectionId))),
  );
  const levels = (row?.configuration as { performanceLevels?: { code?: unknown; label?: unknown }[] } | undefined)?.performanceLevels;
  return new Map(
    (Array.isArray(levels) ? levels : []).flatMap((l) => (typeof l.code === "string" && typeof l.label === "string" ? [[l.code, l.label] as const] : [])),
  );
}

const levelLabel = (labels: Map<string, string>, code: string | null) => (code === null ? null : (labels.get(code) ?? code));

/** The rostered enrollment's custom slots (input_1..10, option_1..10); 404 when not the teacher's. */
async function customSlots(actor: Actor, collectionId: number, enrollmentId: number): Promise<Record<Slot, string | null>> {
  authorize(actor, "collections.teacherRead");
  const [enrollment] = await forTenant(actor, async () => {
    await requireRostered(actor, collectionId, [enrollmentId]);
    return db()
      .select()
      .from(studentEnrollments)
      .where(and(eq(studentEnrollments.tenantId, actor.tenantId), eq(studentEnrollments.id, enrollmentId)));
  });
  return Object.fromEntries(SLOTS.flatMap((n) => [`input${n}`, `option${n}`]).map((k) => [k, enrollment?.[k as Slot] ?? null])) as Record<Slot, string | null>;
}

/** The class list: the teacher's children in the collection with their level in words. */
export async function loadClassList(
  actor: Actor,
  collectionId: number,
): Promise<{ collection: TeacherCollection; students: (RosterStudent & { levelLabel: string | null })[] }> {
  const collection = await getTeacherCollection(actor, collectionId);
  const [students, labels] = await Promise.all([listRosterStudents(actor, collectionId), levelLabels(actor, collectionId)]);
  return { collection, students: students.map((s) => ({ ...s, levelLabel: levelLabel(labels, s.performanceLevel) })) };
}

/**
 * Everything the teacher's page of one child reads, through the teacher services (each checks
 * permission, tenant and roster itself): another teacher's child or collection is their 404.
 */
export async function loadStudentPage(actor: Actor, collectionId: number, enrollmentId: number): Promise<StudentPage> {
  const collection = await getTeacherCollection(actor, collectionId);
  const roster = await listRosterStudents(actor, collectionId);
  const student = roster.find((s) => s.studentEnrollmentId === enrollmentId);
  if (!student) throw notFound("Student not found");
  const [slots, labels, hierarchy, items, supports, fields, history, active, captured, overTime] = await Promise.all([
    customSlots(actor, collectionId, enrollmentId),
    levelLabels(actor, collectionId),
    listTeacherCollectionHierarchyItems(actor, collectionId),
    listTeacherCollectionItems(actor, collectionId),
    listTeacherSupports(actor, collectionId),
    listTenantFields(actor, { entity: "StudentsEnrollments", tenantFieldType: "custom" }),
    gradeHistory(actor, collectionId, student.studentId),
    activeMilestones(actor, collectionId),
    milestoneHistory(actor, collectionId, student.studentId),
    childResults(actor, student.studentId),
  ]);
  return {
    collection,
    student,
    levelLabel: levelLabel(labels, student.performanceLevel),
    domains: hierarchy.filter((h) => h.parentId === null).map((h) => ({ code: h.code, label: h.label, score: student.domainScores[h.code] ?? null })),
    supports: supports.supports,
    selectedSupportIds: supports.dataCollectionsStudentSupports.filter((s) => s.studentEnrollmentId === enrollmentId).map((s) => s.support_id),
    customFields: fields.map((f) => {
      const raw = slots[f.entityField.replace("_", "") as Slot] ?? null;
      return { id: f.id, label: f.label, value: raw === null || raw === "" ? null : (f.options.find((o) => o.value === raw)?.label ?? raw) };
    }),
    history,
    active,
    captured,
    /** The child's results across collections and school years (a child on the teacher's roster). */
    overTime,
    itemCodes: new Map(items.map((i) => [i.id, i.code])),
  };
}
