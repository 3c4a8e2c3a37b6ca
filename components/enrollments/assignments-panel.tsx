"use client";

import type { FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PlainTable } from "@/components/ui/plain-table";
import type { AssignmentRow } from "@/lib/enrollments/schemas";
import { useChange } from "@/components/api/use-change";

const ASSIGN_FAILED = "Failed to Assign Data Collection";
const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";
const day = (seconds: number) => new Date(seconds * 1000).toLocaleDateString("en-US", { month: "2-digit", day: "2-digit", year: "numeric", timeZone: "UTC" });

interface Props {
  enrollmentId: number;
  assignments: AssignmentRow[];
  /** Collections of the student's location still open for enrollment and not yet assigned. */
  assignable: { id: number; collectionName: string }[];
  editable: boolean;
}

/** The enrollment's data collections with their tokens (blank when hidden from the caller); assign and remove. */
export function AssignmentsPanel({ enrollmentId, assignments, assignable, editable }: Props) {
  const { busy, change } = useChange();

  function assign(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parentDataCollectionId = Number(new FormData(event.currentTarget).get("collectionId"));
    void change(
      "POST",
      "/data-collections-student-assignments",
      { studentEnrollmentId: enrollmentId, parentDataCollectionId, teacherType: "Primary" },
      { success: "Data collection assigned", failure: ASSIGN_FAILED },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <PlainTable
        label="Data collections"
        caption="Data collections this student is assigned to"
        columns={["Collection", "Teacher type", "Cycle", "Enrollment ends", "Token", ...(editable ? ["Actions"] : [])]}
        rows={assignments}
        empty="Not assigned to any data collection."
      >
        {(a) => (
          <tr key={a.id} className="border-t border-slate-200">
            <th scope="row" className="font-medium">
              {a.dataCollections.collectionName}
            </th>
            <td>{a.teacherType}</td>
            <td>
              {day(a.dataCollections.cycleStartDate)} – {day(a.dataCollections.cycleEndDate)}
            </td>
            <td>{day(a.dataCollections.enrollmentEndDate)}</td>
            <td className="font-mono text-xs">{a.dataCollections.token || <Badge>Hidden</Badge>}</td>
            {editable && (
              <td>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  onClick={() =>
                    change("DELETE", `/data-collections-student-assignments?assignmentId=${a.id}`, undefined, { success: "Data collection removed" })
                  }
                  aria-label={`Remove ${a.dataCollections.collectionName}`}
                >
                  Remove
                </Button>
              </td>
            )}
          </tr>
        )}
      </PlainTable>
      {editable &&
        (assignable.length > 0 ? (
          <form
            onSubmit={assign}
            className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 tablet:flex-row tablet:items-end"
            aria-label="Assign a data collection"
          >
            <div className="flex flex-col gap-1.5">
              <label htmlFor="assign-collection" className="text-sm font-medium text-slate-800">
                Data collection
              </label>
              <select id="assign-collection" name="collectionId" className={selectClass}>
                {assignable.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.collectionName}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="secondary" busy={busy}>
              Assign collection
            </Button>
          </form>
        ) : (
          <p className="text-sm text-slate-600">No other collection of this location is open for enrollment.</p>
        ))}
    </div>
  );
}
