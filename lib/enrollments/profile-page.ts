import "server-only";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";
import { pageOrigin } from "@/lib/shell/page-origin";
import { studentProfilePath, type StudentTab } from "./paths";
import { changesAt, studentProfile } from "./profile";

export interface StudentProfileParams {
  params: Promise<{ regionId: string; districtId: string; locationId: string; studentId: string }>;
}

/** What every student profile tab loads first: the admin, the student under its location, and whether they may change it. */
export async function loadStudentProfile({ params }: StudentProfileParams, tab: StudentTab) {
  const raw = await params;
  const [regionId, districtId, locationId, studentId] = [
    idSegment(raw.regionId),
    idSegment(raw.districtId),
    idSegment(raw.locationId),
    idSegment(raw.studentId),
  ];
  const actor = await requirePageActor({ permission: "students.manage", path: studentProfilePath(regionId, districtId, locationId, studentId, tab) });
  // Opening a tab is a read of the student's record: audited as a view, naming the tab.
  const view = { origin: await pageOrigin(), details: { page: `profile/${tab}` } };
  const [profile, editable] = await Promise.all([
    orNotFound(studentProfile(actor, regionId, districtId, locationId, studentId, view)),
    changesAt(actor, locationId),
  ]);
  return { actor, profile, editable };
}
