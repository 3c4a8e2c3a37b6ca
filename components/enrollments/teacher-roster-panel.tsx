"use client";

import { Button } from "@/components/ui/button";
import { PlainTable } from "@/components/ui/plain-table";
import type { AvailableStudent } from "@/lib/enrollments/schemas";
import { useChange } from "@/components/api/use-change";

interface RosterEntry {
  id: number;
  studentEnrollmentId: number;
  studentFirstName: string;
  studentLastName: string;
  tenantUniqueId: string;
}

interface Props {
  teacherId: number;
  teacherName: string;
  locationId: number;
  roster: RosterEntry[];
  available: AvailableStudent[];
  truncated: boolean;
  search: string;
}

/** One teacher's roster at a location: remove a student, or add one of the location's other students. */
export function TeacherRosterPanel({ teacherId, teacherName, locationId, roster, available, truncated, search }: Props) {
  const { busy, change } = useChange();

  return (
    <div className="grid gap-6 desktop:grid-cols-2">
      <section aria-labelledby="roster-heading" className="flex flex-col gap-3">
        <h2 id="roster-heading" className="text-base font-semibold text-slate-900">
          Roster ({roster.length})
        </h2>
        <PlainTable
          label={`${teacherName}'s roster`}
          caption={`Students on ${teacherName}'s roster`}
          columns={["Student", "State ID", "Actions"]}
          rows={roster}
          empty="No students on this roster yet."
        >
          {(r) => (
            <tr key={r.id} className="border-t border-slate-200">
              <th scope="row" className="font-medium">
                {r.studentLastName}, {r.studentFirstName}
              </th>
              <td className="font-mono">{r.tenantUniqueId}</td>
              <td>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  onClick={() =>
                    change("DELETE", `/user-students-associations?associationId=${r.id}`, undefined, { success: "Student removed from the teacher's roster" })
                  }
                  aria-label={`Remove ${r.studentFirstName} ${r.studentLastName}`}
                >
                  Remove
                </Button>
              </td>
            </tr>
          )}
        </PlainTable>
      </section>
      <section aria-labelledby="available-heading" className="flex flex-col gap-3">
        <h2 id="available-heading" className="text-base font-semibold text-slate-900">
          Other students at this location
        </h2>
        <form method="get" role="search" className="flex items-end gap-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="available-search" className="text-sm font-medium text-slate-800">
              Name or state ID starts with
            </label>
            <input
              id="available-search"
              name="search"
              defaultValue={search}
              className="h-10 rounded-md border border-slate-400 bg-white px-3 text-sm"
              autoComplete="off"
            />
          </div>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        <PlainTable
          label="Available students"
          caption={`Students who could be added to ${teacherName}'s roster`}
          columns={["Student", "State ID", "Actions"]}
          rows={available}
          empty={search ? "No student matches." : "Every student here is on this roster."}
        >
          {(s) => (
            <tr key={s.studentEnrollmentId} className="border-t border-slate-200">
              <th scope="row" className="font-medium">
                {s.lastName}, {s.firstName}
              </th>
              <td className="font-mono">{s.tenantUniqueId}</td>
              <td>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  onClick={() =>
                    change(
                      "POST",
                      "/user-students-associations",
                      { userId: teacherId, studentEnrollmentId: s.studentEnrollmentId, parentLocationId: locationId },
                      { success: "Student added to the teacher's roster" },
                    )
                  }
                  aria-label={`Add ${s.firstName} ${s.lastName}`}
                >
                  Add
                </Button>
              </td>
            </tr>
          )}
        </PlainTable>
        {truncated && <p className="text-sm text-slate-600">Showing the first 500: search to narrow the list.</p>}
      </section>
    </div>
  );
}
