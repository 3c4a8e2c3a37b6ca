"use client";

import Link from "next/link";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { PlainTable } from "@/components/ui/plain-table";
import { teacherRosterPath } from "@/lib/enrollments/paths";
import type { EnrollmentAssociationRow } from "@/lib/enrollments/schemas";
import { useChange } from "@/components/api/use-change";

const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";

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
  const { busy, change } = useChange();
  const rostered = new Set(associations.map((a) => a.userId));
  const choices = teachers.filter((t) => !rostered.has(t.id));

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const userId = Number(new FormData(event.currentTarget).get("userId"));
    void change(
      "POST",
      "/user-students-associations",
      { userId, studentEnrollmentId: enrollmentId, parentLocationId: locationId },
      { success: "Student added to the teacher's roster" },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <PlainTable
        label="Teachers"
        caption={`Teachers with this student on their roster at ${locationName}`}
        columns={["Teacher", "Since", ...(editable ? ["Actions"] : [])]}
        rows={associations}
        empty="No teacher has this student on their roster yet."
      >
        {(a) => (
          <tr key={a.id} className="border-t border-slate-200">
            <th scope="row" className="font-medium">
              <Link className="text-brand-700 underline underline-offset-2" href={teacherRosterPath(regionId, districtId, locationId, a.userId)}>
                {a.teacherLastName}, {a.teacherFirstName}
              </Link>
            </th>
            <td>{new Date(a.createdAt * 1000).toLocaleDateString("en-US", { month: "2-digit", day: "2-digit", year: "numeric", timeZone: "UTC" })}</td>
            {editable && (
              <td>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  onClick={() =>
                    change("DELETE", `/user-students-associations?associationId=${a.id}`, undefined, { success: "Student removed from the teacher's roster" })
                  }
                  aria-label={`Remove from ${a.teacherFirstName} ${a.teacherLastName}'s roster`}
                >
                  Remove
                </Button>
              </td>
            )}
          </tr>
        )}
      </PlainTable>
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
