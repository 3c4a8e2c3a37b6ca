import type { Metadata } from "next";
import { TeacherRosterPanel } from "@/components/enrollments/teacher-roster-panel";
import { OrgBreadcrumbs } from "@/components/organisations/org-breadcrumbs";
import { PageHeading } from "@/components/ui/page-heading";
import { teacherRosterPath } from "@/lib/enrollments/paths";
import { teacherAtLocation } from "@/lib/enrollments/profile";
import { availableStudents, listRoster } from "@/lib/enrollments/rosters";
import { districtPath, locationPath, organisationsPath, regionPath } from "@/lib/organisations/paths";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Teacher roster" };

interface Props {
  params: Promise<{ regionId: string; districtId: string; locationId: string; userId: string }>;
  searchParams: Promise<{ search?: string | string[] }>;
}

/** A teacher's roster at a location, and the location's other students to add (searched on the server). */
export default async function TeacherRosterPage({ params, searchParams }: Props) {
  const raw = await params;
  const [regionId, districtId, locationId, userId] = [idSegment(raw.regionId), idSegment(raw.districtId), idSegment(raw.locationId), idSegment(raw.userId)];
  const actor = await requirePageActor({ permission: "students.manage", path: teacherRosterPath(regionId, districtId, locationId, userId) });
  const rawSearch = (await searchParams).search;
  const search = (Array.isArray(rawSearch) ? rawSearch[0] : rawSearch)?.trim().slice(0, 100) ?? "";
  const { region, district, location, teacher } = await orNotFound(teacherAtLocation(actor, regionId, districtId, locationId, userId));
  const [roster, available] = await Promise.all([listRoster(actor, userId), availableStudents(actor, userId, { locationId, search: search || undefined })]);
  const name = `${teacher.firstName} ${teacher.lastName}`;
  return (
    <>
      <OrgBreadcrumbs
        trail={[
          { label: "Organisations", href: organisationsPath() },
          { label: region.name, href: regionPath(region.id) },
          { label: district.name, href: districtPath(region.id, district.id) },
          { label: location.name, href: locationPath(region.id, district.id, location.id) },
          { label: name, href: teacherRosterPath(region.id, district.id, location.id, userId) },
        ]}
      />
      <PageHeading title={`${name}'s roster`} description={`Teacher at ${location.name}. Students on the roster appear on the teacher's scoring screen.`} />
      <TeacherRosterPanel
        teacherId={userId}
        teacherName={name}
        locationId={locationId}
        roster={roster.filter((r) => r.parentLocationId === locationId)}
        available={available.students}
        truncated={available.truncated}
        search={search}
      />
    </>
  );
}
