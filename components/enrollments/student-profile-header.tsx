import Link from "next/link";
import { OrgBreadcrumbs } from "@/components/organisations/org-breadcrumbs";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { PageHeading } from "@/components/ui/page-heading";
import { studentProfilePath, type StudentTab } from "@/lib/enrollments/paths";
import type { StudentProfile } from "@/lib/enrollments/profile";
import { districtPath, locationPath, organisationsPath, regionPath } from "@/lib/organisations/paths";

const TABS: { tab: StudentTab; label: string }[] = [
  { tab: "details", label: "Details" },
  { tab: "enrollments", label: "Enrollments" },
  { tab: "rosters", label: "Teachers" },
  { tab: "collections", label: "Collections" },
  { tab: "results", label: "Results over time" },
  { tab: "isr", label: "ISR" },
];

/** The student profile's breadcrumbs, heading and tab links (one page per tab, the current one marked). */
export function StudentProfileHeader({ profile, current }: { profile: StudentProfile; current: StudentTab }) {
  const { student, region, district, location, enrollment } = profile;
  const path = (tab: StudentTab) => studentProfilePath(region.id, district.id, location.id, student.id, tab);
  const name = `${student.firstName} ${student.lastName}`;
  return (
    <>
      <OrgBreadcrumbs
        trail={[
          { label: "Organisations", href: organisationsPath() },
          { label: region.name, href: regionPath(region.id) },
          { label: district.name, href: districtPath(region.id, district.id) },
          { label: location.name, href: locationPath(region.id, district.id, location.id) },
          { label: name, href: path(current) },
        ]}
      />
      <PageHeading
        title={name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>
              State ID {student.tenantUniqueId} · {location.name}
            </span>
            <Badge tone={student.status === "Active" ? "success" : "neutral"}>{student.status}</Badge>
            {enrollment.isPointOfAuthority && <Badge tone="brand">Point of authority</Badge>}
            {!enrollment.active && <Badge tone="warning">Enrollment ended</Badge>}
          </span>
        }
      />
      <nav aria-label="Student profile" className="mb-6 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-1">
          {TABS.map((t) => (
            <li key={t.tab}>
              <Link
                href={path(t.tab)}
                aria-current={t.tab === current ? "page" : undefined}
                className={cn(
                  "inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium",
                  t.tab === current ? "border-brand-600 text-brand-800" : "border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900",
                )}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
