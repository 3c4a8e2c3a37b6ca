"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import type { AvailableStudent } from "@/lib/enrollments/schemas";
import { callApi } from "@/components/api/client";

const cell = "px-4 py-2.5";

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
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  async function run(method: string, url: string, body: unknown, success: string) {
    setBusy(true);
    const answer = await callApi(method, url, body);
    setBusy(false);
    if (!answer.ok) {
      showSnackbar(answer.message, "error");
      return;
    }
    showSnackbar(success, "success");
    router.refresh();
  }

  return (
    <div className="grid gap-6 desktop:grid-cols-2">
      <section aria-labelledby="roster-heading" className="flex flex-col gap-3">
        <h2 id="roster-heading" className="text-base font-semibold text-slate-900">
          Roster ({roster.length})
        </h2>
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={`${teacherName}'s roster`}>
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Students on {teacherName}&apos;s roster</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={`${cell} font-semibold`}>
                  Student
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  State ID
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {roster.length === 0 && (
                <tr>
                  <td colSpan={3} className="px-4 py-6 text-center text-slate-600">
                    No students on this roster yet.
                  </td>
                </tr>
              )}
              {roster.map((r) => (
                <tr key={r.id} className="border-t border-slate-200">
                  <th scope="row" className={`${cell} font-medium`}>
                    {r.studentLastName}, {r.studentFirstName}
                  </th>
                  <td className={`${cell} font-mono`}>{r.tenantUniqueId}</td>
                  <td className={cell}>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      onClick={() => run("DELETE", `/user-students-associations?associationId=${r.id}`, undefined, "Student removed from the teacher's roster")}
                      aria-label={`Remove ${r.studentFirstName} ${r.studentLastName}`}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Available students">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Students who could be added to {teacherName}&apos;s roster</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={`${cell} font-semibold`}>
                  Student
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  State ID
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {available.length === 0 && (
                <tr>
                  <td colSpan={3} className="px-4 py-6 text-center text-slate-600">
                    {search ? "No student matches." : "Every student here is on this roster."}
                  </td>
                </tr>
              )}
              {available.map((s) => (
                <tr key={s.studentEnrollmentId} className="border-t border-slate-200">
                  <th scope="row" className={`${cell} font-medium`}>
                    {s.lastName}, {s.firstName}
                  </th>
                  <td className={`${cell} font-mono`}>{s.tenantUniqueId}</td>
                  <td className={cell}>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      onClick={() =>
                        run(
                          "POST",
                          "/user-students-associations",
                          { userId: teacherId, studentEnrollmentId: s.studentEnrollmentId, parentLocationId: locationId },
                          "Student added to the teacher's roster",
                        )
                      }
                      aria-label={`Add ${s.firstName} ${s.lastName}`}
                    >
                      Add
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {truncated && <p className="text-sm text-slate-600">Showing the first 500: search to narrow the list.</p>}
      </section>
    </div>
  );
}
