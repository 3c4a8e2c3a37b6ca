"use client";

import { useCallback, useRef, useState, type FormEvent } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { PlainTable } from "@/components/ui/plain-table";
import { useSnackbar } from "@/components/ui/snackbar";
import { EmptyState } from "@/components/ui/states";
import { API, apiData, callApi } from "@/components/api/client";
import { usePolling } from "@/components/api/use-polling";
import { BULK_LOAD_TYPES, COLUMNS, FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE, MAX_FILE_BYTES, type BulkLoadType } from "@/lib/bulk-load/columns";
import type { BulkLoadView } from "@/lib/bulk-load/schemas";
import { uploadFile } from "@/lib/platform/storage/upload-client";
import { formatDateTime } from "@/lib/shell/format";

const PATH = "/bulk-load";
const POLL_MS = 3000;
const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";

const STATUS: Record<BulkLoadView["status"], { label: string; tone: BadgeTone }> = {
  queued: { label: "Queued", tone: "neutral" },
  in_progress: { label: "In progress", tone: "info" },
  complete: { label: "Complete", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
};

const TYPE_LABELS: Record<BulkLoadType, string> = {
  students: "Students with enrollments",
  users: "Users",
  rosters: "Rosters (students of teachers)",
  assignments: "Collection assignments",
};

interface Page {
  bulkLoads: BulkLoadView[];
  total: number;
  page: number;
  pageSize: number;
}

const running = (b: BulkLoadView) => b.status === "queued" || b.status === "in_progress";

/** The file's own problem, before any byte is sent: its type and its size. */
function fileProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return FILE_TYPE_MESSAGE;
  if (file.size > MAX_FILE_BYTES) return FILE_SIZE_MESSAGE;
  if (file.size === 0) return "The file is empty";
  return null;
}

export function BulkLoads({ initial, administration, pageSize }: { initial: Page; administration: boolean; pageSize: number }) {
  const { showSnackbar } = useSnackbar();
  const [page, setPage] = useState<Page>(initial);
  const [type, setType] = useState<BulkLoadType>("students");
  const [requiredOnly, setRequiredOnly] = useState(false);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(
    async (number: number) => {
      const answer = await callApi<Page>("GET", `${PATH}?administration=${administration}&page=${number}&pageSize=${pageSize}`);
      if (answer.ok) setPage(answer.data);
    },
    [administration, pageSize],
  );

  // Uploading flags the list for refresh; while a load runs, the list is refreshed every 3 s.
  const anyRunning = page.bulkLoads.some(running);
  usePolling(() => load(page.page), POLL_MS, anyRunning);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setError("Choose a file to upload");
      return;
    }
    const problem = fileProblem(file);
    if (problem) {
      setError(problem);
      showSnackbar(problem, "error");
      return;
    }
    setError(null);
    setSending(true);
    setProgress(0);
    try {
      const uploaded = await uploadFile(file, { purpose: "bulk-load", onProgress: (done, total) => setProgress(Math.round((done / total) * 100)) });
      const { message } = await apiData<{ message: string }>("POST", PATH, { fileId: uploaded.id, type });
      showSnackbar(message, "success");
      if (fileInput.current) fileInput.current.value = "";
      await load(1);
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : "Something went wrong";
      setError(message);
      showSnackbar(message, "error");
    } finally {
      setSending(false);
      setProgress(null);
    }
  }

  const templateHref = (format: "xlsx" | "csv") => `${API}${PATH}/template?type=${type}&getRequiredOnly=${requiredOnly}&format=${format}`;
  const first = page.total === 0 ? 0 : (page.page - 1) * page.pageSize + 1;
  const last = Math.min(page.total, page.page * page.pageSize);
  const columns = COLUMNS[type];

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} aria-labelledby="upload-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="upload-heading" className="text-lg font-semibold text-slate-900">
          Upload a file
        </h2>
        {error && (
          <p role="alert" className="rounded-md border border-danger bg-red-50 px-3 py-2 text-sm text-danger">
            {error}
          </p>
        )}
        <div className="grid gap-4 tablet:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="bulk-type" className="text-sm font-medium text-slate-800">
              What the file holds
            </label>
            <select id="bulk-type" className={selectClass} value={type} onChange={(e) => setType(e.target.value as BulkLoadType)}>
              {BULK_LOAD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="bulk-file" className="text-sm font-medium text-slate-800">
              File (CSV or Excel, up to 50 MB)
            </label>
            <input
              id="bulk-file"
              ref={fileInput}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby="bulk-file-help"
              className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2 file:text-sm"
            />
            <p id="bulk-file-help" className="text-xs text-slate-600">
              Required columns:{" "}
              {columns
                .filter((c) => c.required)
                .map((c) => c.name)
                .join(", ")}
              . Each refused row is listed with its line and reason in the results file.
            </p>
          </div>
        </div>
        {progress !== null && (
          <div className="flex items-center gap-3">
            <label htmlFor="bulk-progress" className="text-sm text-slate-800">
              Uploading
            </label>
            <progress id="bulk-progress" max={100} value={progress} className="h-2 w-64 accent-brand-700">
              {progress}%
            </progress>
            <span className="text-sm text-slate-700" aria-hidden="true">
              {progress}%
            </span>
          </div>
        )}
        <div>
          <Button type="submit" busy={sending}>
            Upload and load
          </Button>
        </div>
      </form>

      <section aria-labelledby="template-heading" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="template-heading" className="text-lg font-semibold text-slate-900">
          Templates
        </h2>
        <p className="text-sm text-slate-700">
          Templates of the type chosen above. The Excel template keeps state ids and other ids as text, so leading zeros stay. Its second sheet explains every
          column.
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={requiredOnly} onChange={(e) => setRequiredOnly(e.target.checked)} className="h-4 w-4" />
            Required columns only
          </label>
          <a href={templateHref("xlsx")} download className={buttonClasses("secondary", "sm")}>
            Download Excel template
          </a>
          <a href={templateHref("csv")} download className={buttonClasses("secondary", "sm")}>
            Download CSV template
          </a>
        </div>
      </section>

      <section aria-labelledby="loads-heading" className="flex flex-col gap-3">
        <h2 id="loads-heading" className="text-lg font-semibold text-slate-900">
          {administration ? "Bulk loads of the tenant" : "Your bulk loads"}
        </h2>
        {page.bulkLoads.length === 0 ? (
          <EmptyState title="No bulk loads yet">Files you upload appear here with their progress and results.</EmptyState>
        ) : (
          <PlainTable
            labelledBy="loads-heading"
            caption="Bulk loads, newest first"
            columns={["File", "Uploaded", "Status", "Rows", "Files"]}
            rows={page.bulkLoads}
          >
            {(b) => (
              <tr key={b.id} className="border-t border-slate-200 align-top">
                <td>
                  <span className="font-medium text-slate-900">{b.originalFileName}</span>
                  <span className="block text-xs text-slate-600">{TYPE_LABELS[b.type as BulkLoadType] ?? b.type}</span>
                </td>
                <td>
                  <span className="whitespace-nowrap">{formatDateTime(b.createdAt)}</span>
                  <span className="block text-xs text-slate-600">{b.username}</span>
                </td>
                <td>
                  <Badge tone={STATUS[b.status].tone}>{STATUS[b.status].label}</Badge>
                  {running(b) && b.totalRows ? (
                    <>
                      <span className="mt-1 block text-xs text-slate-700">
                        {b.processedRows} of {b.totalRows} rows checked
                      </span>
                      <progress
                        max={b.totalRows}
                        value={b.processedRows}
                        aria-label={`Rows checked of ${b.originalFileName}`}
                        className="mt-1 block h-1.5 w-32 accent-brand-700"
                      />
                    </>
                  ) : null}
                  {b.dateCompleted ? <span className="mt-1 block text-xs text-slate-600">Completed {formatDateTime(b.dateCompleted)}</span> : null}
                  {b.errors.map((e) => (
                    <span key={e} className="mt-1 block text-xs text-danger">
                      {e}
                    </span>
                  ))}
                </td>
                <td>
                  {b.status === "complete" ? (
                    <>
                      <span className="block">{b.loadedRows} loaded</span>
                      <span className="block text-xs text-slate-600">
                        {b.created} new, {b.updated} updated, {b.loadedRows - b.created - b.updated} already in place
                      </span>
                      <span className={b.errorRows ? "block text-danger" : "block text-slate-600"}>{b.errorRows} refused</span>
                    </>
                  ) : (
                    <span className="text-slate-600">{b.totalRows ?? "—"}</span>
                  )}
                </td>
                <td>
                  <div className="flex flex-col items-start gap-1">
                    <a href={`${API}${PATH}/${b.id}/download/original`} download className="text-brand-700 underline underline-offset-2">
                      Uploaded file<span className="sr-only"> {b.originalFileName}</span>
                    </a>
                    {b.hasResults ? (
                      <a href={`${API}${PATH}/${b.id}/download/results`} download className="text-brand-700 underline underline-offset-2">
                        Results<span className="sr-only"> of {b.originalFileName}</span>
                      </a>
                    ) : null}
                  </div>
                </td>
              </tr>
            )}
          </PlainTable>
        )}
        {page.total > page.pageSize ? (
          <nav aria-label="Bulk load pages" className="flex items-center justify-between gap-3 text-sm">
            <span>
              {first}–{last} of {page.total}
            </span>
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" disabled={page.page <= 1} onClick={() => void load(page.page - 1)}>
                Previous page
              </Button>
              <Button variant="secondary" size="sm" disabled={last >= page.total} onClick={() => void load(page.page + 1)}>
                Next page
              </Button>
            </div>
          </nav>
        ) : null}
      </section>
    </div>
  );
}
