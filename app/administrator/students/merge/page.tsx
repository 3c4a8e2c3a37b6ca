import type { Metadata } from "next";
import { MergeConfirm } from "@/components/transfers/merge-confirm";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { PageHeading } from "@/components/ui/page-heading";
import { PlainTable } from "@/components/ui/plain-table";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { can } from "@/lib/auth/permissions";
import { AppError } from "@/lib/platform/errors";
import { requirePageActor } from "@/lib/shell/page-actor";
import { pageOrigin } from "@/lib/shell/page-origin";
import { getStudentByStateId } from "@/lib/students/admin-list";
import type { StudentRow } from "@/lib/students/schemas";

export const metadata: Metadata = { title: "Merge students" };

const yes = (v: boolean) => (v ? "Yes" : "No");
const ROWS: [string, (s: StudentRow) => string][] = [
  ["State ID", (s) => s.tenantUniqueId],
  ["First name", (s) => s.firstName],
  ["Middle name", (s) => s.middleName ?? "—"],
  ["Last name", (s) => s.lastName],
  ["Gender", (s) => s.gender],
  ["Birth date", (s) => s.dobDate ?? "—"],
  ["English language learner", (s) => yes(s.englishLanguageLearner)],
  ["Race (sum of codes)", (s) => String(s.race)],
  ["Low SES", (s) => yes(s.lowSes)],
  ["Special education", (s) => yes(s.specialEducation)],
  ["Disability code", (s) => s.specialEducationDisabilityCode ?? "—"],
  ["Location", (s) => s.locationName ?? "—"],
  ["Status", (s) => s.status],
];

async function find(actor: Awaited<ReturnType<typeof requirePageActor>>, stateId: string) {
  if (!stateId) return undefined;
  return getStudentByStateId(actor, stateId, new Date(), { origin: await pageOrigin(), details: { page: "merge" } }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
}

const text = (v: string | string[] | undefined) => (typeof v === "string" ? v.trim().slice(0, 50) : "");

/** Pick the record to keep (primary) and the duplicate (secondary) by state id, compare, then merge. */
export default async function MergeStudentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageActor({ permission: "students.manage", path: "/administrator/students/merge" });
  const params = await searchParams;
  const ids = { primary: text(params.primary), secondary: text(params.secondary) };
  const [primary, secondary] = await Promise.all([find(actor, ids.primary), find(actor, ids.secondary)]);
  const same = primary && secondary && primary.id === secondary.id;
  const input = "h-10 w-56 rounded-md border border-slate-400 bg-white px-3 text-sm";
  return (
    <>
      <PageHeading title="Merge students" description="Fold a duplicate record into the one to keep. Both must be in your organisations." />
      <form method="get" aria-label="Choose the students" className="mb-6 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="merge-primary" className="text-sm font-medium text-slate-800">
            Keep (primary) state ID
          </label>
          <input id="merge-primary" name="primary" defaultValue={ids.primary} autoComplete="off" className={input} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="merge-secondary" className="text-sm font-medium text-slate-800">
            Duplicate (secondary) state ID
          </label>
          <input id="merge-secondary" name="secondary" defaultValue={ids.secondary} autoComplete="off" className={input} />
        </div>
        <button type="submit" className={buttonClasses("secondary")}>
          Compare
        </button>
      </form>
      {(!ids.primary || !ids.secondary) && <EmptyState title="Choose two students">Enter the state IDs of the record to keep and of its duplicate.</EmptyState>}
      {[["primary", primary] as const, ["secondary", secondary] as const].map(([side, found]) =>
        ids[side] && found === null ? (
          <ErrorState key={side} className="mb-4" title={`No ${side} student found`}>
            No student with state ID {ids[side]} is in your organisations.
          </ErrorState>
        ) : null,
      )}
      {same && <ErrorState title="Choose two different students">Both state IDs name the same record.</ErrorState>}
      {primary && secondary && !same && (
        <section aria-labelledby="merge-compare" className="flex flex-col gap-4">
          <h2 id="merge-compare" className="text-lg font-semibold text-slate-900">
            Side by side
          </h2>
          <PlainTable
            label="The two records"
            caption="The primary and secondary records; rows that differ are marked"
            columns={["Field", "Keep (primary)", "Duplicate (secondary)", "Same?"]}
            rows={ROWS}
          >
            {([label, value]) => {
              const differs = value(primary) !== value(secondary);
              return (
                <tr key={label} className={cn("border-t border-slate-200", differs && "bg-amber-50")}>
                  <th scope="row" className="font-medium text-slate-800">
                    {label}
                  </th>
                  <td>{value(primary)}</td>
                  <td>{value(secondary)}</td>
                  <td className={differs ? "font-semibold text-amber-900" : "text-slate-600"}>{differs ? "Differs" : "Same"}</td>
                </tr>
              );
            }}
          </PlainTable>
          {can(actor, "transfers.manage") && (
            <div>
              <MergeConfirm
                primary={{ id: primary.id, name: `${primary.firstName} ${primary.lastName} (${primary.tenantUniqueId})` }}
                secondary={{ id: secondary.id, name: `${secondary.firstName} ${secondary.lastName} (${secondary.tenantUniqueId})` }}
              />
            </div>
          )}
        </section>
      )}
    </>
  );
}
