import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
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

const cell = "px-3 py-2 align-top";
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
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {["Requested", "Status", ...counts.map((c) => c.header), "Details"].map((header) => (
              <th key={header} scope="col" className={`${cell} font-semibold`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {runs.length === 0 && (
            <tr>
              <td colSpan={counts.length + 3} className="px-3 py-6 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          )}
          {runs.map((run) => (
            <tr key={run.id} className="border-t border-slate-200">
              <th scope="row" className={`${cell} font-medium`}>
                {formatDateTime(run.requestedAt)}
                <span className="block text-xs font-normal text-slate-600">{run.trigger === "manual" ? manualLabel : "Hourly"}</span>
              </th>
              <td className={cell}>
                <Badge tone={TONES[run.status]} className="whitespace-nowrap">
                  {LABELS[run.status]}
                </Badge>
              </td>
              {counts.map((c) => (
                <td key={c.header} className={cell}>
                  {c.value(run)}
                </td>
              ))}
              <td className={cell}>
                {run.message && <p className={run.status === "failed" ? "font-medium text-danger" : "text-slate-700"}>{run.message}</p>}
                {details?.(run)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
