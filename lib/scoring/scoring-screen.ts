import "server-only";
import type { ScoringData } from "./screen-types";
import {
  listTeacherCollectionHierarchyItems,
  listTeacherCollectionItems,
  listTeacherCollectionScales,
  listTeacherCollectionSets,
} from "@/lib/collections/content";
import { getTeacherCollection } from "@/lib/collections/queries";
import type { TeacherCollection } from "@/lib/collections/schemas";
import type { Actor } from "@/lib/platform/actor";
import { listGrades, listRosterStudents } from "./grades";
import { listTeacherGroups } from "./groups";
import { previousLevels } from "./previous-levels";

/**
 * Everything the scoring screen renders, read through the teacher services (each checks permission,
 * tenant and roster itself; another teacher's collection is their 404). `previous`: also each child's
 * level in the previous checkpoint of the same assessment (off by default: one more statement).
 */
export async function loadScoringScreen(
  actor: Actor,
  id: number,
  now = new Date(),
  options: { previous?: boolean } = {},
): Promise<{ collection: TeacherCollection; data: ScoringData }> {
  const collection = await getTeacherCollection(actor, id);
  const [items, scales, sets, hierarchy, students, grades, groups, previous] = await Promise.all([
    listTeacherCollectionItems(actor, id),
    listTeacherCollectionScales(actor, id),
    listTeacherCollectionSets(actor, id),
    listTeacherCollectionHierarchyItems(actor, id),
    listRosterStudents(actor, id),
    listGrades(actor, id),
    listTeacherGroups(actor, id),
    options.previous ? previousLevels(actor, id) : null,
  ]);

  const parentOf = new Map(hierarchy.map((h) => [h.id, h.parentId]));
  const ancestry = (hid: number | null): number[] => {
    const chain: number[] = [];
    for (let h = hid; h !== null && h !== undefined && !chain.includes(h); h = parentOf.get(h) ?? null) chain.push(h);
    return chain;
  };
  const depthOf = (hid: number) => ancestry(hid).length - 1;
  // Domains in tree order: each top-level domain followed by the strands beneath it.
  const ordered: typeof hierarchy = [];
  const visit = (parent: number | null) => hierarchy.filter((h) => h.parentId === parent).forEach((h) => (ordered.push(h), visit(h.id)));
  visit(null);

  const nowSec = Math.floor(now.getTime() / 1000);
  const writable = (collection.cycleStartDate ?? Infinity) <= nowSec && nowSec <= (collection.cycleEndDate ?? -Infinity);

  return {
    collection,
    data: {
      collectionId: id,
      writable,
      students: students.map((s) => ({
        enrollmentId: s.studentEnrollmentId,
        studentId: s.studentId,
        name: `${s.lastName}, ${s.firstName}`,
        progress: s.progress,
      })),
      items: items.map((i) => {
        const chain = ancestry(i.assessment_item_heirarchy_id);
        return { id: i.id, code: i.code, label: i.label, scaleId: i.parentScalesDirectoryId, domainId: chain.at(-1) ?? null, hierarchyIds: chain };
      }),
      scales: Object.fromEntries(scales.map((s) => [s.id, s.entries.map((e) => ({ id: e.id, code: e.code, label: e.label }))])),
      sets: sets.map((s) => ({ id: s.id, label: s.label, itemIds: s.setItems.map((si) => si.parentAssessmentItemId) })),
      groups: groups.map((g) => ({ id: g.id, label: g.label, enrollmentIds: g.enrollmentIds })),
      domains: ordered.map((h) => ({ id: h.id, code: h.code, label: h.label, depth: depthOf(h.id) })),
      previous: previous && Object.fromEntries(previous.map(({ enrollmentId, ...p }) => [enrollmentId, p])),
      grades: grades.map((g) => ({
        id: g.id,
        enrollmentId: g.studentEnrollmentId,
        itemId: g.assessmentItemsId,
        entryId: g.assessmentItemsScalesEntriesId,
        comment: g.comment,
        artifactCount: g.artifactCount,
      })),
    },
  };
}
