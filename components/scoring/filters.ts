import type { GridItem, GridStudent, ScoringData } from "@/lib/scoring/screen-types";

/* The selectors above the grid narrow its rows and columns; "all" is the empty value of each. */

export interface Filters {
  itemId: string;
  enrollmentId: string;
  setId: string;
  groupId: string;
  domainId: string;
  priorityOnly: boolean;
}

export const NO_FILTERS: Filters = { itemId: "", enrollmentId: "", setId: "", groupId: "", domainId: "", priorityOnly: false };

export function visibleItems(data: ScoringData, f: Filters): GridItem[] {
  const setItems = f.setId ? new Set(data.sets.find((s) => String(s.id) === f.setId)?.itemIds ?? []) : null;
  const priority = f.priorityOnly && data.sets.length ? new Set(data.sets[0].itemIds) : null;
  return data.items.filter(
    (i) =>
      (!f.itemId || String(i.id) === f.itemId) &&
      (!setItems || setItems.has(i.id)) &&
      (!priority || priority.has(i.id)) &&
      (!f.domainId || i.hierarchyIds.some((h) => String(h) === f.domainId)),
  );
}

export function visibleStudents(data: ScoringData, f: Filters): GridStudent[] {
  const members = f.groupId ? new Set(data.groups.find((g) => String(g.id) === f.groupId)?.enrollmentIds ?? []) : null;
  return data.students.filter((s) => (!f.enrollmentId || String(s.enrollmentId) === f.enrollmentId) && (!members || members.has(s.enrollmentId)));
}
