"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import type { AssignmentRow } from "@/lib/enrollments/schemas";
import { callApi } from "@/components/api/client";

const ASSIGN_FAILED = "Failed to Assign Data Collection";
const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";
const cell = "px-4 py-2.5";
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
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  async function run(method: string, url: string, body: unknown, success: string, failure?: string) {
    setBusy(true);
    const answer = await callApi(method, url, body);
    setBusy(false);
    if (!answer.ok) {
      showSnackbar(failure ?? answer.message, "error");
      return;
    }
    showSnackbar(success, "success");
    router.refresh();
  }

  function assign(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parentDataCollectionId = Number(new FormData(event.currentTarget).get("collectionId"));
    void run(
      "POST",
      "/data-collections-student-assignments",
      { studentEnrollmentId: enrollmentId, parentDataCollectionId, teacherType: "Primary" },
      "Data collection assigned",
      ASSIGN_FAILED,
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Data collections">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Data collections this student is assigned to</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={`${cell} font-semibold`}>
                Collection
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Teacher type
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Cycle
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Enrollment ends
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Token
              </th>
              {editable && (
                <th scope="col" className={`${cell} font-semibold`}>
                  Actions
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {assignments.length === 0 && (
              <tr>
                <td colSpan={editable ? 6 : 5} className="px-4 py-6 text-center text-slate-600">
                  Not assigned to any data collection.
                </td>
              </tr>
            )}
            {assignments.map((a) => (
              <tr key={a.id} className="border-t border-slate-200">
                <th scope="row" className={`${cell} font-medium`}>
                  {a.dataCollections.collectionName}
                </th>
                <td className={cell}>{a.teacherType}</td>
                <td className={cell}>
                  {day(a.dataCollections.cycleStartDate)} – {day(a.dataCollections.cycleEndDate)}
                </td>
                <td className={cell}>{day(a.dataCollections.enrollmentEndDate)}</td>
                <td className={`${cell} font-mono text-xs`}>{a.dataCollections.token || <Badge>Hidden</Badge>}</td>
                {editable && (
                  <td className={cell}>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      onClick={() => run("DELETE", `/data-collections-student-assignments?assignmentId=${a.id}`, undefined, "Data collection removed")}
                      aria-label={`Remove ${a.dataCollections.collectionName}`}
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
