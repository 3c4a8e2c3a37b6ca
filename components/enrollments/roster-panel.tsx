"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import { teacherRosterPath } from "@/lib/enrollments/paths";
import type { EnrollmentAssociationRow } from "@/lib/enrollments/schemas";
import { callApi } from "@/components/api/client";

const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";
const cell = "px-4 py-2.5";

interface Props {
  enrollmentId: number;
  regionId: number;
  districtId: number;
  locationId: number;
  locationName: string;
  associations: EnrollmentAssociationRow[];
  /** The location's teachers (ROLE_TEACHER members). */
  teachers: { id: number; firstName: string; lastName: string }[];
  editable: boolean;
}

/** The teachers who have this enrollment on their roster; add one of the location's teachers, or remove. */
export function RosterPanel({ enrollmentId, regionId, districtId, locationId, locationName, associations, teachers, editable }: Props) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const rostered = new Set(associations.map((a) => a.userId));
  const choices = teachers.filter((t) => !rostered.has(t.id));

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

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const userId = Number(new FormData(event.currentTarget).get("userId"));
    void run(
      "POST",
      "/user-students-associations",
      { userId, studentEnrollmentId: enrollmentId, parentLocationId: locationId },
      "Student added to the teacher's roster",
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Teachers">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Teachers with this student on their roster at {locationName}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={`${cell} font-semibold`}>
                Teacher
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Since
              </th>
              {editable && (
                <th scope="col" className={`${cell} font-semibold`}>
                  Actions
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {associations.length === 0 && (
              <tr>
                <td colSpan={editable ? 3 : 2} className="px-4 py-6 text-center text-slate-600">
                  No teacher has this student on their roster yet.
                </td>
              </tr>
            )}
            {associations.map((a) => (
              <tr key={a.id} className="border-t border-slate-200">
                <th scope="row" className={`${cell} font-medium`}>
                  <Link className="text-brand-700 underline underline-offset-2" href={teacherRosterPath(regionId, districtId, locationId, a.userId)}>
                    {a.teacherLastName}, {a.teacherFirstName}
                  </Link>
                </th>
                <td className={cell}>
                  {new Date(a.createdAt * 1000).toLocaleDateString("en-US", { month: "2-digit", day: "2-digit", year: "numeric", timeZone: "UTC" })}
                </td>
                {editable && (
                  <td className={cell}>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      onClick={() => run("DELETE", `/user-students-associations?associationId=${a.id}`, undefined, "Student removed from the teacher's roster")}
                      aria-label={`Remove from ${a.teacherFirstName} ${a.teacherLastName}'s roster`}
                    >
                      Remove
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editable &&
        (choices.length > 0 ? (
          <form
            onSubmit={add}
            className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 tablet:flex-row tablet:items-end"
            aria-label="Add to a teacher's roster"
          >
            <div className="flex flex-col gap-1.5">
              <label htmlFor="roster-teacher" className="text-sm font-medium text-slate-800">
                Teacher at {locationName}
              </label>
              <select id="roster-teacher" name="userId" className={selectClass}>
                {choices.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.lastName}, {t.firstName}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="secondary" busy={busy}>
              Add to roster
            </Button>
          </form>
        ) : (
          <p className="text-sm text-slate-600">
            {teachers.length ? "Every teacher at this location has the student already." : "This location has no teachers yet."}
          </p>
        ))}
    </div>
  );
}
