"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import { EmptyState } from "@/components/ui/states";
import { REPORT_TYPES, STUDENT_SCORES, TEACHER_REPORT_TYPES, type TeacherReportType } from "@/lib/reports/catalogue";

/** The §7 types, and the class scores built at once (not polled). */
const TYPES = [...TEACHER_REPORT_TYPES, STUDENT_SCORES] as const;
type Type = TeacherReportType | typeof STUDENT_SCORES;
import type { ReportView } from "@/lib/reports/schemas";
import { callApi } from "@/components/api/client";
import { ReportsTable } from "./reports-table";
import { useReportPolling } from "./use-report-polling";

/** The teacher report types of platform §7: request one, watch it run, download it. */
export function TeacherReports({ collectionId, reports: initial }: { collectionId: number; reports: ReportView[] }) {
  const { showSnackbar } = useSnackbar();
  const { reports, add, stalled } = useReportPolling(initial, "/reports", (r) => r.dataCollectionId === collectionId);
  const [sending, setSending] = useState<Type | null>(null);

  async function request(type: Type) {
    setSending(type);
    const answer = await callApi<{ message: string; report: ReportView }>("POST", `/user/collections/${collectionId}/reports.json`, {
      request_data: { type, priorityOnly: false },
    });
    setSending(null);
    if (!answer.ok) {
      showSnackbar(answer.message, "error");
      return;
    }
    add(answer.data.report);
    showSnackbar(answer.data.message, "success");
  }

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="request-heading" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="request-heading" className="text-lg font-semibold text-slate-900">
          Request a report
        </h2>
        <ul className="grid gap-3 tablet:grid-cols-2">
          {TYPES.map((type) => {
            const info = REPORT_TYPES[type];
            return (
              <li key={type} className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-4 py-3">
                <span>
                  <span className="block font-medium text-slate-900">{info.label}</span>
                  <span className="block text-xs text-slate-600">{info.format === "pdf" ? "PDF with charts" : "Excel spreadsheet"}</span>
                </span>
                <Button size="sm" variant="secondary" busy={sending === type} disabled={sending !== null} onClick={() => request(type)}>
                  Request<span className="sr-only"> {info.label}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="reports-heading" className="flex flex-col gap-3">
        <h2 id="reports-heading" className="text-lg font-semibold text-slate-900">
          Your reports
        </h2>
        {stalled && (
          <p role="status" className="text-sm text-slate-700">
            Some reports are still running. Reload the page to check on them again.
          </p>
        )}
        {reports.length ? (
          <ReportsTable reports={reports} caption="Your reports of this collection, newest first" />
        ) : (
          <EmptyState title="No reports yet">Reports you request appear here, with a download link once they are complete.</EmptyState>
        )}
      </section>
    </div>
  );
}
