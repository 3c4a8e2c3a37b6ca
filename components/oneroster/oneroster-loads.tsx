"use client";

import { useCallback, useRef, useState, type FormEvent } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PlainTable } from "@/components/ui/plain-table";
import { useSnackbar } from "@/components/ui/snackbar";
import { EmptyState } from "@/components/ui/states";
import { apiData, callApi } from "@/components/api/client";
import { usePolling } from "@/components/api/use-polling";
import type { LoadView } from "@/lib/oneroster/schemas";
import { uploadFile } from "@/lib/platform/storage/upload-client";
import { formatDateTime } from "@/lib/shell/format";

const PATH = "/oneroster/loads";
const POLL_MS = 2000;
const MAX_BYTES = 100 * 1024 * 1024;
const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";
const inputClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";

type ListedLoad = Omit<LoadView, "refused">;
interface Page {
  loads: ListedLoad[];
  total: number;
  page: number;
  pageSize: number;
}

const STATUS: Record<LoadView["status"], { label: string; tone: BadgeTone }> = {
  queued: { label: "Queued", tone: "neutral" },
  checking: { label: "Checking", tone: "info" },
  checked: { label: "Dry run ready", tone: "warning" },
  applying: { label: "Applying", tone: "info" },
  applied: { label: "Applied", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
};

const KINDS: { key: keyof NonNullable<LoadView["planned"]>; label: string }[] = [
  { key: "districts", label: "Districts" },
  { key: "schools", label: "Schools" },
  { key: "teachers", label: "Teachers" },
  { key: "students", label: "Children" },
  { key: "enrollments", label: "Enrollments" },
  { key: "transfers", label: "Transfers (moved schools)" },
  { key: "rosters", label: "Roster entries" },
  { key: "assignments", label: "Collection assignments" },
];

const running = (l: { status: LoadView["status"] }) => l.status === "queued" || l.status === "checking" || l.status === "applying";

/** Upload a OneRoster 1.2 CSV bundle, read its dry run (counts per kind, refused rows), apply it; `opened`: a load shown at once. */
export function OneRosterLoads({
  initial,
  opened = null,
  regions,
  collections,
  pageSize,
}: {
  initial: Page;
  opened?: LoadView | null;
  regions: { id: number; name: string }[] | null;
  collections: { id: number; name: string }[];
  pageSize: number;
}) {
  const { showSnackbar } = useSnackbar();
  const [page, setPage] = useState<Page>(initial);
  const [selected, setSelected] = useState<LoadView | null>(opened);
  const [source, setSource] = useState<"identifier" | "userIds" | "metadata">("identifier");
  const [field, setField] = useState("");
  const [regionId, setRegionId] = useState("");
  const [collectionId, setCollectionId] = useState("");
  const [sending, setSending] = useState(false);
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const refresh = useCallback(async () => {
    const answer = await callApi<Page>("GET", `${PATH}?page=1&pageSize=${pageSize}`);
    if (answer.ok) setPage(answer.data);
  }, [pageSize]);

  const open = useCallback(async (id: number) => {
    const answer = await callApi<{ load: LoadView }>("GET", `${PATH}/${id}`);
    if (answer.ok) setSelected(answer.data.load);
  }, []);

  // While the chosen load runs, it and the list are read again every 2 s.
  const selectedRunning = selected !== null && running(selected);
  const selectedId = selected?.id;
  usePolling(() => Promise.all([selectedId !== undefined && open(selectedId), refresh()]), POLL_MS, selectedRunning);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    const problem = !file
      ? "Choose a bundle to upload"
      : !/\.zip$/i.test(file.name)
        ? "A OneRoster bundle must be a ZIP (.zip) file"
        : file.size > MAX_BYTES
          ? "A OneRoster bundle may not be larger than 100 MB"
          : source !== "identifier" && !field.trim()
            ? "Name the userIds type or the metadata column"
            : null;
    if (problem || !file) {
      setError(problem);
      return;
    }
    setError(null);
    setSending(true);
    try {
      const uploaded = await uploadFile(file, { purpose: "oneroster" });
      const body: Record<string, unknown> = { fileId: uploaded.id, stateIdSource: source };
      if (source !== "identifier") body.stateIdField = field.trim();
      if (regionId) body.regionId = Number(regionId);
      if (collectionId) body.dataCollectionId = Number(collectionId);
      const answer = await apiData<{ message: string; load: LoadView }>("POST", PATH, body);
      showSnackbar(answer.message, "success");
      setSelected(answer.load);
      if (fileInput.current) fileInput.current.value = "";
      await refresh();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Something went wrong");
    } finally {
      setSending(false);
    }
  }

  async function apply() {
    if (!selected) return;
    setApplying(true);
    try {
      const answer = await apiData<{ message: string; load: LoadView }>("POST", `${PATH}/${selected.id}/apply`);
      showSnackbar(answer.message, "success");
      setSelected(answer.load);
      await refresh();
    } catch (failure) {
      showSnackbar(failure instanceof Error ? failure.message : "Something went wrong", "error");
    } finally {
      setApplying(false);
    }
  }

  const counts = selected?.applied ?? selected?.planned ?? null;

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} aria-labelledby="or-upload-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="or-upload-heading" className="text-lg font-semibold text-slate-900">
          Upload a bundle
        </h2>
        {error && (
          <p role="alert" className="rounded-md border border-danger bg-red-50 px-3 py-2 text-sm text-danger">
            {error}
          </p>
        )}
        <div className="grid gap-4 tablet:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="or-file" className="text-sm font-medium text-slate-800">
              OneRoster 1.2 CSV bundle (ZIP, up to 100 MB)
            </label>
            <input
              id="or-file"
              ref={fileInput}
              type="file"
              accept=".zip,application/zip"
              aria-describedby="or-file-help"
              className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2 file:text-sm"
            />
            <p id="or-file-help" className="text-xs text-slate-600">
              manifest.csv with orgs, users, classes, enrollments and demographics (academicSessions and roles are read too). Nothing is written until you apply
              the dry run.
            </p>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="or-source" className="text-sm font-medium text-slate-800">
              Where the state student id is
            </label>
            <select id="or-source" className={selectClass} value={source} onChange={(e) => setSource(e.target.value as typeof source)}>
              <option value="identifier">users.csv identifier</option>
              <option value="userIds">A userIds entry of a type</option>
              <option value="metadata">A metadata column of users.csv</option>
            </select>
            {source !== "identifier" && (
              <>
                <label htmlFor="or-field" className="text-sm font-medium text-slate-800">
                  {source === "userIds" ? "userIds type (e.g. stateID)" : "Metadata column (after metadata.)"}
                </label>
                <input id="or-field" className={inputClass} value={field} onChange={(e) => setField(e.target.value)} />
              </>
            )}
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="or-collection" className="text-sm font-medium text-slate-800">
              Assign the children to a collection (optional)
            </label>
            <select id="or-collection" className={selectClass} value={collectionId} onChange={(e) => setCollectionId(e.target.value)}>
              <option value="">None</option>
              {collections.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          {regions && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor="or-region" className="text-sm font-medium text-slate-800">
                Region for districts not yet here (optional)
              </label>
              <select id="or-region" className={selectClass} value={regionId} onChange={(e) => setRegionId(e.target.value)}>
                <option value="">None: refuse unknown districts</option>
                {regions.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        <div>
          <Button type="submit" busy={sending}>
            Upload and check
          </Button>
        </div>
      </form>

      {selected && (
        <section aria-labelledby="or-run-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6" aria-busy={running(selected)}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="or-run-heading" className="text-lg font-semibold text-slate-900">
              {selected.status === "applied" ? "What the load changed" : "Dry run"}: {selected.originalFileName}
            </h2>
            <Badge tone={STATUS[selected.status].tone}>{STATUS[selected.status].label}</Badge>
          </div>
          <p className="text-sm text-slate-700" role="status">
            {selected.status === "failed"
              ? selected.message
              : running(selected)
                ? `Working${selected.phase ? `: ${selected.phase}` : ""}…`
                : selected.status === "checked"
                  ? "Nothing has been written yet. Read what would change, then apply it."
                  : `Applied ${formatDateTime(selected.appliedAt)}.`}
          </p>
          {counts && (
            <PlainTable
              showCaption
              caption={selected.applied ? "Changed, per kind" : "Would change, per kind"}
              columns={["Kind", ...["Created", "Updated", "Ended", "Unchanged"].map((label) => ({ label, align: "right" as const }))]}
              rows={KINDS}
            >
              {({ key, label }) => (
                <tr key={key} className="border-t border-slate-200">
                  <th scope="row" className="font-medium text-slate-900">
                    {label}
                  </th>
                  <td className="text-right tabular-nums">{counts[key].created}</td>
                  <td className="text-right tabular-nums">{counts[key].updated}</td>
                  <td className="text-right tabular-nums">{counts[key].ended}</td>
                  <td className="text-right tabular-nums">{counts[key].unchanged}</td>
                </tr>
              )}
            </PlainTable>
          )}
          {selected.status === "checked" && (
            <div>
              <Button onClick={() => void apply()} busy={applying}>
                Apply these changes
              </Button>
            </div>
          )}
          {selected.refusedCount > 0 && (
            <PlainTable
              showCaption
              caption={
                <span className="text-danger">
                  {selected.refusedCount} refused {selected.refusedCount === 1 ? "row" : "rows"}
                  {selected.refusedCount > selected.refused.length ? ` (the first ${selected.refused.length} shown)` : ""}
                </span>
              }
              columns={["File", "Line", "sourcedId", "Reason"]}
              rows={selected.refused}
            >
              {(r, i) => (
                <tr key={`${r.file}-${r.line}-${i}`} className="border-t border-slate-200 align-top">
                  <td className="whitespace-nowrap">{r.file}</td>
                  <td className="tabular-nums">{r.line || "—"}</td>
                  <td className="break-all">{r.sourcedId}</td>
                  <td>{r.reason}</td>
                </tr>
              )}
            </PlainTable>
          )}
        </section>
      )}

      <section aria-labelledby="or-loads-heading" className="flex flex-col gap-3">
        <h2 id="or-loads-heading" className="text-lg font-semibold text-slate-900">
          Bundles
        </h2>
        {page.loads.length === 0 ? (
          <EmptyState title="No bundles yet">Bundles you upload appear here with their dry run and what they changed.</EmptyState>
        ) : (
          <PlainTable
            labelledBy="or-loads-heading"
            caption="OneRoster bundles, newest first"
            columns={["Bundle", "Uploaded", "Status", "Refused"]}
            rows={page.loads}
          >
            {(l) => (
              <tr key={l.id} className="border-t border-slate-200">
                <td>
                  <button type="button" className="font-medium text-brand-700 underline underline-offset-2" onClick={() => void open(l.id)}>
                    {l.originalFileName}
                    <span className="sr-only"> (open)</span>
                  </button>
                </td>
                <td className="whitespace-nowrap">
                  {formatDateTime(l.createdAt)}
                  <span className="block text-xs text-slate-600">{l.username}</span>
                </td>
                <td>
                  <Badge tone={STATUS[l.status].tone}>{STATUS[l.status].label}</Badge>
                </td>
                <td className="tabular-nums">{l.refusedCount}</td>
              </tr>
            )}
          </PlainTable>
        )}
      </section>
    </div>
  );
}
