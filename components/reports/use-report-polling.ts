"use client";

import { useRef, useState } from "react";
import { POLL_INTERVAL_MS, POLL_MAX_ATTEMPTS, isComplete } from "@/lib/reports/catalogue";
import type { ReportView } from "@/lib/reports/schemas";
import { callApi } from "@/components/api/client";
import { usePolling } from "@/components/api/use-polling";

/**
 * The reports list, kept fresh while any report is still running: the spec's contract (§4), every
 * 3 s and at most 100 times, until every report's status is 'complete' (or it failed).
 */
export function useReportPolling(initial: ReportView[], listPath: string, keep: (report: ReportView) => boolean = () => true) {
  const [reports, setReports] = useState(initial);
  const [stalled, setStalled] = useState(false);
  const attempts = useRef(0);
  const running = reports.some((r) => !isComplete(r.status) && r.status !== "failed");

  usePolling(
    async () => {
      attempts.current += 1;
      if (attempts.current > POLL_MAX_ATTEMPTS) {
        setStalled(true);
        return;
      }
      const answer = await callApi<{ reports: ReportView[] }>("GET", listPath);
      if (answer.ok) setReports(answer.data.reports.filter(keep));
    },
    POLL_INTERVAL_MS,
    running && !stalled,
  );

  /** A new request: shown at once, and polling starts again from zero. */
  const add = (report: ReportView) => {
    attempts.current = 0;
    setStalled(false);
    setReports((current) => [report, ...current.filter((r) => r.id !== report.id)]);
  };
  return { reports, add, stalled };
}
