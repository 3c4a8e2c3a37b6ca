"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import { callApi } from "@/components/api/client";
import { usePolling } from "@/components/api/use-polling";

export interface FeedRunView {
  id: number;
  trigger: "schedule" | "manual";
  status: "queued" | "running" | "succeeded" | "failed";
  requestedAt: number;
  finishedAt: number | null;
  filesFound: number;
  filesLoaded: number;
  message: string | null;
  loads: { fileName: string; bulkLoadId: number | null; status: "queued" | "in_progress" | "complete" | "failed" | null }[];
}

const when = new Intl.DateTimeFormat("en-US", {
  month: "2-digit",
  day: "2-digit",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});
const cell = "px-3 py-2 align-top";
const TONES = { queued: "neutral", running: "info", succeeded: "success", failed: "danger" } as const;
const LABELS = { queued: "Queued", running: "Running", succeeded: "Succeeded", failed: "Failed" } as const;
const LOAD_LABELS = { queued: "queued", in_progress: "loading", complete: "loaded", failed: "failed" } as const;
/** How often the page refreshes while a run waits or runs. */
const POLL_MS = 2000;

/**
 * The district feed's latest runs and "Fetch now" (POST /data-integrations/fetch). While a run waits
 * or runs the page refreshes itself, so its outcome shows without a reload.
 */
export function DistrictFeedRuns({ districtId, runs, canFetch }: { districtId: number; runs: FeedRunView[]; canFetch: boolean }) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const pending = runs.some((r) => r.status === "queued" || r.status === "running");

  usePolling(() => router.refresh(), POLL_MS, pending);

  async function fetchNow() {
    setBusy(true);
    const answer = await callApi<{ message: string }>("POST", "/data-integrations/fetch", { districtId });
    setBusy(false);
    if (!answer.ok) {
      showSnackbar(answer.message, "error");
      return;
    }
    const { message } = answer.data;
    showSnackbar(message, "success");
    router.refresh();
  }

  return (
    <section aria-labelledby="feed-runs-heading" className="mt-6 border-t border-slate-200 pt-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id="feed-runs-heading" className="text-base font-semibold text-slate-900">
          Feed runs
        </h3>
        {canFetch && (
          <Button variant="secondary" onClick={fetchNow} busy={busy} disabled={pending}>
            Fetch now
          </Button>
        )}
      </div>
      <p className="mb-3 text-sm text-slate-700">
        Every hour the feed fetches new CSV and XLSX files from the FTP folder and loads them as students, as the first integration user who may load files (for
        Fetch now without one: as you).
      </p>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Latest feed runs, newest first</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={`${cell} font-semibold`}>
                Requested
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Status
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Files found
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Files loaded
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Details
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.length === 0 && (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-slate-600">
                  No runs yet.
                </td>
              </tr>
            )}
            {runs.map((run) => (
              <tr key={run.id} className="border-t border-slate-200">
                <th scope="row" className={`${cell} font-medium`}>
                  {when.format(new Date(run.requestedAt * 1000))}
                  <span className="block text-xs font-normal text-slate-600">{run.trigger === "manual" ? "Fetch now" : "Hourly"}</span>
                </th>
                <td className={cell}>
                  <Badge tone={TONES[run.status]}>{LABELS[run.status]}</Badge>
                </td>
                <td className={cell}>{run.filesFound}</td>
                <td className={cell}>{run.filesLoaded}</td>
                <td className={cell}>
                  {run.message && <p className={run.status === "failed" ? "font-medium text-danger" : "text-slate-700"}>{run.message}</p>}
                  {run.loads.length > 0 && (
                    <ul className="flex flex-col gap-1">
                      {run.loads.map((load) => (
                        <li key={`${load.fileName}-${load.bulkLoadId}`}>
                          {load.fileName}: bulk load {load.status ? LOAD_LABELS[load.status] : "not requested"}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm">
        <Link href="/administrator/bulk-loads" className="font-medium text-brand-700 underline">
          Bulk loads and their results files
        </Link>
      </p>
    </section>
  );
}
