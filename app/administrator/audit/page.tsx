import type { Metadata } from "next";
import { AuditTable } from "@/components/transfers/audit-table";
import { Pager } from "@/components/transfers/pager";
import { buttonClasses } from "@/components/ui/button";
import { PageHeading } from "@/components/ui/page-heading";
import { ErrorState } from "@/components/ui/states";
import { AUDIT_ENTITIES, auditQuery } from "@/lib/audit/schemas";
import { listAudit } from "@/lib/audit/trail";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Audit trail" };

const ENTITY_LABELS: Record<(typeof AUDIT_ENTITIES)[number], string> = {
  student: "Student",
  user: "User",
  region: "Region",
  district: "District",
  location: "Location",
};
const inputClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";

/** Who changed which record, when, before and after: the trail of the records within the admin's reach. */
export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageActor({ permission: "audit.read", path: "/administrator/audit" });
  const raw = Object.fromEntries(Object.entries(await searchParams).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""));
  const parsed = auditQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : auditQuery.parse({});
  const result = await listAudit(actor, query);
  const href = (page: number) => `/administrator/audit?${new URLSearchParams({ ...raw, page: String(page) }).toString()}`;
  const first = (query.page - 1) * query.pageSize;
  return (
    <>
      <PageHeading
        title="Audit trail"
        description={
          actor.tenantWide
            ? `Every recorded change, and every read of a student's record, in ${actor.tenantName}`
            : "Changes to the students, users and organisations you administer, and reads of those students' records"
        }
      />
      {!parsed.success && (
        <ErrorState className="mb-4" title="Some filters were not understood">
          {parsed.error.issues[0]?.message}. The trail is shown unfiltered.
        </ErrorState>
      )}
      <form method="get" role="search" aria-label="Filter the audit trail" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="audit-entity" className="text-sm font-medium text-slate-800">
            Record type
          </label>
          <select id="audit-entity" name="entityType" defaultValue={raw.entityType ?? ""} className={inputClass}>
            <option value="">Any</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e} value={e}>
                {ENTITY_LABELS[e]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="audit-id" className="text-sm font-medium text-slate-800">
            Record ID
          </label>
          <input id="audit-id" name="entityId" inputMode="numeric" defaultValue={raw.entityId ?? ""} className={`${inputClass} w-32`} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="audit-from" className="text-sm font-medium text-slate-800">
            From
          </label>
          <input id="audit-from" name="from" type="date" defaultValue={raw.from ?? ""} className={inputClass} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="audit-to" className="text-sm font-medium text-slate-800">
            To
          </label>
          <input id="audit-to" name="to" type="date" defaultValue={raw.to ?? ""} className={inputClass} />
        </div>
        <button type="submit" className={buttonClasses("secondary")}>
          Filter
        </button>
      </form>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
        <AuditTable entries={result.entries} />
        <Pager
          page={query.page}
          hasMore={result.hasMore}
          href={href}
          summary={result.entries.length ? `Entries ${first + 1}–${first + result.entries.length}` : "No entries"}
        />
      </div>
    </>
  );
}
