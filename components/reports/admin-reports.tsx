"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import { EmptyState } from "@/components/ui/states";
import { ADMIN_REPORT_KINDS, REPORT_TYPES, type AdminReportKind } from "@/lib/reports/catalogue";
import type { ReportFormOptions } from "@/lib/reports/page-data";
import type { ReportView } from "@/lib/reports/schemas";
import { ReportsTable } from "./reports-table";
import { callApi } from "@/components/api/client";
import { useReportPolling } from "./use-report-polling";

const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";

interface Props {
  tenantId: number;
  options: ReportFormOptions;
  reports: ReportView[];
}

/** Request an administration report (§9) and watch one's reports until they can be downloaded. */
export function AdminReports({ tenantId, options, reports: initial }: Props) {
  const { showSnackbar } = useSnackbar();
  const { reports, add, stalled } = useReportPolling(initial, "/reports");
  const [kind, setKind] = useState<AdminReportKind>("kra.ssr");
  const [schoolYearId, setSchoolYearId] = useState(options.schoolYears[0]?.id ?? 0);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const info = REPORT_TYPES[kind];
  const collections = options.collections.filter((c) => c.schoolYearId === schoolYearId);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: Record<string, unknown> = { kind, schoolYearId };
    if (info.needs === "collection") body.dataCollectionId = Number(form.get("dataCollectionId"));
    if (info.format === "csv") body.format = String(form.get("format") ?? "csv");
    setSending(true);
    setError(null);
    const answer = await callApi<{ message: string; report: ReportView }>("POST", `/admin/tenants/${tenantId}/reports.json`, body);
    setSending(false);
    if (!answer.ok) {
      setError(answer.message);
      showSnackbar(answer.message, "error");
      return;
    }
    add(answer.data.report);
    showSnackbar(answer.data.message, "success");
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} aria-labelledby="request-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="request-heading" className="text-lg font-semibold text-slate-900">
          Request a report
        </h2>
        {error && (
          <p role="alert" className="rounded-md border border-danger bg-red-50 px-3 py-2 text-sm text-danger">
            {error}
          </p>
        )}
        {options.schoolYears.length === 0 ? (
          <p className="text-sm text-slate-700">There are no data collections yet, so there is nothing to report on.</p>
        ) : (
          <div className="grid gap-4 tablet:grid-cols-3">
            <div className="flex flex-col gap-1.5">
              <label htmlFor="report-kind" className="text-sm font-medium text-slate-800">
                Report type
              </label>
              <select id="report-kind" className={selectClass} value={kind} onChange={(e) => setKind(e.target.value as AdminReportKind)}>
                {ADMIN_REPORT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {REPORT_TYPES[k].label}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="report-year" className="text-sm font-medium text-slate-800">
                School year
              </label>
              <select id="report-year" className={selectClass} value={schoolYearId} onChange={(e) => setSchoolYearId(Number(e.target.value))}>
                {options.schoolYears.map((y) => (
                  <option key={y.id} value={y.id}>
                    {y.label}
                  </option>
                ))}
              </select>
            </div>
            {info.needs === "collection" ? (
              <div className="flex flex-col gap-1.5">
                <label htmlFor="report-collection" className="text-sm font-medium text-slate-800">
                  Data collection
                </label>
                <select id="report-collection" name="dataCollectionId" className={selectClass} required>
                  {collections.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <div className="flex flex-col gap-1.5">
                <label htmlFor="report-format" className="text-sm font-medium text-slate-800">
                  File format
                </label>
                <select id="report-format" name="format" className={selectClass} defaultValue="csv">
                  <option value="csv">CSV</option>
                  <option value="xlsx">Excel (XLSX)</option>
                </select>
              </div>
            )}
          </div>
        )}
        <div>
          <Button type="submit" busy={sending} disabled={options.schoolYears.length === 0 || (info.needs === "collection" && collections.length === 0)}>
            Request report
          </Button>
        </div>
      </form>
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
          <ReportsTable reports={reports} caption="Your reports, newest first" />
        ) : (
          <EmptyState title="No reports yet">Reports you request appear here, with a download link once they are complete.</EmptyState>
        )}
      </section>
    </div>
  );
}
