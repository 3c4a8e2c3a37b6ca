import type { Metadata } from "next";
import Link from "next/link";
import { StudentsTable } from "@/components/students/students-table";
import { buttonClasses } from "@/components/ui/button";
import { PageHeading } from "@/components/ui/page-heading";
import { ErrorState } from "@/components/ui/states";
import { listDistricts, listLocations } from "@/lib/organisations/queries";
import { requirePageActor } from "@/lib/shell/page-actor";
import { listStudents } from "@/lib/students/admin-list";
import { studentListQuery } from "@/lib/students/schemas";

export const metadata: Metadata = { title: "Students" };

const inputClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";

/** Every student within the admin's reach: search, filter, sort and page run on the server. */
export default async function AdministratorStudentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageActor({ permission: "students.manage", path: "/administrator/students" });
  const raw = Object.fromEntries(Object.entries(await searchParams).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""));
  const parsed = studentListQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : studentListQuery.parse({});
  // The location picker lists one district's locations once a district is chosen (a state has ~1,500).
  const [result, districts, locations] = await Promise.all([
    listStudents(actor, query),
    listDistricts(actor, { active: true }),
    listLocations(actor, { active: true, parentId: query.districtId }),
  ]);
  return (
    <>
      <PageHeading
        title="Students"
        description={actor.tenantWide ? `All students of ${actor.tenantName}` : "Students whose point of authority lies in your organisations"}
        actions={
          <Link href="/administrator/students/new" className={buttonClasses("primary")}>
            New student
          </Link>
        }
      />
      {!parsed.success && <ErrorState title="Some filters were not understood">The list shows all students instead.</ErrorState>}
      <form method="get" role="search" aria-label="Find students" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="students-search" className="text-sm font-medium text-slate-800">
            Name or state ID
          </label>
          <input id="students-search" name="search" type="search" defaultValue={query.search ?? ""} className={`${inputClass} w-64`} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="students-district" className="text-sm font-medium text-slate-800">
            District
          </label>
          <select id="students-district" name="districtId" defaultValue={query.districtId ?? ""} className={`${inputClass} max-w-xs`}>
            <option value="">All districts</option>
            {districts.map((d) => (
              <option key={d.id} value={d.id}>
                {d.nameLabel}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="students-location" className="text-sm font-medium text-slate-800">
            Location
          </label>
          <select id="students-location" name="locationId" defaultValue={query.locationId ?? ""} className={`${inputClass} max-w-xs`}>
            <option value="">All locations</option>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.nameLabel}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="students-status" className="text-sm font-medium text-slate-800">
            Status
          </label>
          <select id="students-status" name="status" defaultValue={query.status ?? ""} className={inputClass}>
            <option value="">Any</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </div>
        <input type="hidden" name="sort" value={query.sort} />
        <input type="hidden" name="order" value={query.order} />
        <button type="submit" className={buttonClasses("secondary")}>
          Search
        </button>
      </form>
      <StudentsTable students={result.students} total={result.total} page={result.page} pageSize={result.pageSize} sort={query.sort} order={query.order} />
    </>
  );
}
