import type { Metadata } from "next";
import { RequestTransferForm } from "@/components/transfers/request-form";
import { buttonClasses } from "@/components/ui/button";
import { PageHeading } from "@/components/ui/page-heading";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { AppError } from "@/lib/platform/errors";
import { requirePageActor } from "@/lib/shell/page-actor";
import { pageOrigin } from "@/lib/shell/page-origin";
import { pickerStart } from "@/lib/organisations/location-choices";
import { getStudentByStateId } from "@/lib/students/admin-list";
import { transferChoices } from "@/lib/transfers/choices";

export const metadata: Metadata = { title: "Request transfer" };

/** Find a student of one's own organisations by state id, then ask to move one of their enrollments. */
export default async function RequestTransferPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageActor({ permission: "transfers.manage", path: "/administrator/transfers/new" });
  const raw = (await searchParams).stateId;
  const stateId = typeof raw === "string" ? raw.trim().slice(0, 50) : "";
  const student = stateId
    ? await getStudentByStateId(actor, stateId, new Date(), { origin: await pageOrigin(), details: { page: "transfer" } }).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      })
    : null;
  const [choices, locationStart] = student ? await Promise.all([transferChoices(actor, student.id), pickerStart(actor, "transfer")]) : [null, null];
  return (
    <>
      <PageHeading title="Request transfer" description="The receiving location's administrators approve or decline the request." />
      <form method="get" role="search" aria-label="Find the student" className="mb-6 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="transfer-state-id" className="text-sm font-medium text-slate-800">
            Student State ID
          </label>
          <input
            id="transfer-state-id"
            name="stateId"
            defaultValue={stateId}
            autoComplete="off"
            className="h-10 w-64 rounded-md border border-slate-400 bg-white px-3 text-sm"
          />
        </div>
        <button type="submit" className={buttonClasses("secondary")}>
          Find student
        </button>
      </form>
      {!stateId && <EmptyState title="Find the student first">Enter the student&apos;s state ID, leading zeros included.</EmptyState>}
      {stateId && !student && <ErrorState title="No student found">No student with state ID {stateId} is enrolled in your organisations.</ErrorState>}
      {student && choices && locationStart && (
        <section aria-labelledby="transfer-student" className="flex flex-col gap-4">
          <h2 id="transfer-student" className="text-lg font-semibold text-slate-900">
            {student.firstName} {student.lastName} <span className="font-normal text-slate-600">· State ID {student.tenantUniqueId}</span>
          </h2>
          {choices.enrollments.length ? (
            <RequestTransferForm studentId={student.id} enrollments={choices.enrollments} locationStart={locationStart} />
          ) : (
            <EmptyState title="Nothing to transfer">This student has no active enrollment at a location you administer.</EmptyState>
          )}
        </section>
      )}
    </>
  );
}
