import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { PlainTable } from "@/components/ui/plain-table";
import { formatDateTime } from "@/lib/shell/format";

/** What every run of a district's integration shows, whatever it fetched (FTP files or OneRoster records). */
export interface IntegrationRun {
  id: number;
  trigger: "schedule" | "manual";
  /** review and skipped: OneRoster pulls only (one waits for review; one skipped or replaced). */
  status: "queued" | "running" | "review" | "succeeded" | "failed" | "skipped";
  requestedAt: number;
  message: string | null;
}

const TONES = { queued: "neutral", running: "info", review: "warning", succeeded: "success", failed: "danger", skipped: "neutral" } as const;
const LABELS = { queued: "Queued", running: "Running", review: "Waits for review", succeeded: "Succeeded", failed: "Failed", skipped: "Skipped" } as const;

/**
 * A district integration's latest runs, newest first: when and how each was asked for, its status,
 * the kind's own counts (`counts`) and its message with any `details` below it.
 */
export function IntegrationRunsTable<R extends IntegrationRun>({
  runs,
  caption,
  manualLabel,
  empty,
  counts,
  details,
}: {
  runs: R[];
  caption: string;
  /** How a run someone asked for is named ("Fetch now", "Pull now"); scheduled ones are "Hourly". */
  manualLabel: string;
  empty: string;
  counts: { header: string; value: (run: R) => ReactNode }[];
  details?: (run: R) => ReactNode;
}) {
  return (
    <PlainTable bare caption={caption} columns={["Requested", "Status", ...counts.map((c) => c.header), "Details"]} rows={runs} empty={empty}>
      {(run) => (
        <tr key={run.id} className="border-t border-slate-200 align-top">
          <th scope="row" className="font-medium">
            {formatDateTime(run.requestedAt)}
            <span className="block text-xs font-normal text-slate-600">{run.trigger === "manual" ? manualLabel : "Hourly"}</span>
          </th>
          <td>
            <Badge tone={TONES[run.status]} className="whitespace-nowrap">
              {LABELS[run.status]}
            </Badge>
          </td>
          {counts.map((c) => (
            <td key={c.header}>{c.value(run)}</td>
          ))}
          <td>
            {run.message && <p className={run.status === "failed" ? "font-medium text-danger" : "text-slate-700"}>{run.message}</p>}
            {details?.(run)}
          </td>
        </tr>
      )}
    </PlainTable>
  );
}
