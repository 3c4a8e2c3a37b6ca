import { locationPath } from "@/lib/organisations/paths";

export type StudentTab = "details" | "enrollments" | "rosters" | "collections" | "results" | "isr";

/** The spec's student route under its location (administration.md §2), one page per profile tab. */
export function studentProfilePath(regionId: number, districtId: number, locationId: number, studentId: number, tab: StudentTab = "details"): string {
  return locationPath(regionId, districtId, locationId).replace(/\/profile\/details$/, `/students/${studentId}/profile/${tab}`);
}

/** A teacher's roster at one location: their students, and the location's students they could be given. */
export function teacherRosterPath(regionId: number, districtId: number, locationId: number, userId: number): string {
  return locationPath(regionId, districtId, locationId).replace(/\/profile\/details$/, `/teachers/${userId}/roster`);
}
