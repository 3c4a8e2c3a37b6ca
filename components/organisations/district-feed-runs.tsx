"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useChange } from "@/components/api/use-change";
import { usePolling } from "@/components/api/use-polling";
import { IntegrationRunsTable, type IntegrationRun } from "./integration-runs-table";

export interface FeedRunView extends IntegrationRun {
  finishedAt: number | null;
  filesFound: number;
  filesLoaded: number;
  loads: { fileName: string; bulkLoadId: number | null; status: "queued" | "in_progress" | "complete" | "failed" | null }[];
}

const LOAD_LABELS = { queued: "queued", in_progress: "loading", complete: "loaded", failed: "failed" } as const;
/** How often the page refreshes while a run waits or runs. */
const POLL_MS = 2000;

/**
 * The district feed's latest runs and "Fetch now" (POST /data-integrations/fetch). While a run waits
 * or runs the page refreshes itself, so its outcome shows without a reload.
 */
export function DistrictFeedRuns({ districtId, runs, canFetch }: { districtId: number; runs: FeedRunView[]; canFetch: boolean }) {
  const router = useRouter();
  const { busy, change } = useChange();
  const pending = runs.some((r) => r.status === "queued" || r.status === "running");

  usePolling(() => router.refresh(), POLL_MS, pending);

  async function fetchNow() {
    await change<{ message: string }>("POST", "/data-integrations/fetch", { districtId }, { success: (data) => data.message });
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
      <IntegrationRunsTable
        runs={runs}
        caption="Latest feed runs, newest first"
        manualLabel="Fetch now"
        empty="No runs yet."
        counts={[
          { header: "Files found", value: (run) => run.filesFound },
          { header: "Files loaded", value: (run) => run.filesLoaded },
        ]}
        details={(run) =>
          run.loads.length > 0 && (
            <ul className="flex flex-col gap-1">
              {run.loads.map((load) => (
                <li key={`${load.fileName}-${load.bulkLoadId}`}>
                  {load.fileName}: bulk load {load.status ? LOAD_LABELS[load.status] : "not requested"}
                </li>
              ))}
            </ul>
          )
        }
      />
      <p className="mt-3 text-sm">
        <Link href="/administrator/bulk-loads" className="font-medium text-brand-700 underline">
          Bulk loads and their results files
        </Link>
      </p>
    </section>
  );
}
