"use client";

import { useState } from "react";
import { callApi } from "@/components/api/client";
import { usePolling } from "@/components/api/use-polling";
import { Stat } from "@/components/ui/card";
import { PlainTable } from "@/components/ui/plain-table";
import { EmptyState } from "@/components/ui/states";
import type { JobCounts } from "@/lib/reports/schemas";
import { formatDateTime } from "@/lib/shell/format";

/** How often the counts refresh while the page is open. */
const REFRESH_MS = 5000;

const FAMILIES = [
  { key: "isr", label: "ISRs", queued: "count_isr_queued", stuck: "count_isr_in_progress_30_mins" },
  { key: "bulk_load", label: "Bulk loads", queued: "count_bulk_load_queued", stuck: "count_bulk_load_in_progress_30_mins" },
  { key: "reports", label: "Reports", queued: "count_reports_queued", stuck: "count_reports_in_progress_30_mins" },
] as const;

const FAMILY_LABEL = Object.fromEntries(FAMILIES.map((f) => [f.key, f.label]));

/** The six counts and the waiting jobs, refreshed every few seconds from GET /admin/tenants/{id}/jobs.json. */
export function JobCountsView({ tenantId, initial }: { tenantId: number; initial: JobCounts }) {
  const [counts, setCounts] = useState(initial);
  const [checkedAt, setCheckedAt] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  usePolling(
    async () => {
      const answer = await callApi<JobCounts>("GET", `/admin/tenants/${tenantId}/jobs.json`);
      if (!answer.ok) {
        setFailed(true);
        return;
      }
      setCounts(answer.data);
      setFailed(false);
      setCheckedAt(Math.floor(Date.now() / 1000));
    },
    REFRESH_MS,
    true,
  );

  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="text-sm text-slate-700">
        {failed ? "The counts could not be refreshed; trying again." : checkedAt ? `Refreshed ${formatDateTime(checkedAt)}` : "Refreshed every 5 seconds."}
      </p>
      <div className="grid gap-4 tablet:grid-cols-3">
        {FAMILIES.map((f) => (
          <section key={f.key} aria-label={f.label} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-base font-semibold text-slate-900">{f.label}</h2>
            <dl className="grid grid-cols-2 gap-3">
              <Stat label="Queued" value={counts[f.queued]} />
              <Stat label="Over 30 minutes" value={counts[f.stuck]} />
            </dl>
          </section>
        ))}
      </div>
      <section aria-labelledby="waiting-heading" className="flex flex-col gap-3">
        <h2 id="waiting-heading" className="text-lg font-semibold text-slate-900">
          Waiting and long-running jobs
        </h2>
        {counts.jobs.length === 0 ? (
          <EmptyState title="Nothing is waiting">No job is queued or has been running for more than 30 minutes.</EmptyState>
        ) : (
          <PlainTable
            caption="Queued jobs and jobs in progress for more than 30 minutes, oldest first"
            columns={["Job", "Type", "Status", "Requested", "Started", "Requested by"]}
            rows={counts.jobs}
          >
            {(j) => (
              <tr key={`${j.family}-${j.id}`} className="border-t border-slate-200">
                <td>
                  {FAMILY_LABEL[j.family]} #{j.id}
                </td>
                <td>{j.kind}</td>
                <td>{j.status === "queued" ? "Queued" : "In progress over 30 minutes"}</td>
                <td className="whitespace-nowrap">{formatDateTime(j.createdAt)}</td>
                <td className="whitespace-nowrap">{formatDateTime(j.startedAt)}</td>
                <td>{j.requestedBy ?? ""}</td>
              </tr>
            )}
          </PlainTable>
        )}
      </section>
    </div>
  );
}
