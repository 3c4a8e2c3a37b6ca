"use client";

import { useCallback, useRef, useState } from "react";
import { callApi } from "@/components/api/client";
import { usePolling } from "@/components/api/use-polling";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useSnackbar } from "@/components/ui/snackbar";
import { EmptyState } from "@/components/ui/states";
import { ISR_CLEARED, ISR_GENERATED } from "@/lib/isr/messages";
import { formatDateTime } from "@/lib/shell/format";

/** Platform §8: ISR failures show the server's message, else the generic text whatever the status. */
const ISR_FALLBACK = { fallback: "Something went wrong" };

/** The views of lib/isr/schemas.ts, restated without zod (no zod in client bundles). */
interface Counts {
  total: number;
  queued: number;
  inProgress: number;
  generated: number;
  failed: number;
  deleted: number;
}
interface IsrOutput {
  id: number;
  dataCollectionId: number;
  status: "queued" | "in_progress" | "complete" | "failed";
  language: "en" | "es" | null;
  createdAt: number;
  completedAt: number | null;
  counts: Counts;
}
interface IsrSummaryData {
  students: number;
  generated: number;
  deleted: number;
  noIsr: number;
}
interface IsrState {
  dataCollectionsOutputs: IsrOutput[];
  summary: IsrSummaryData;
  locations: { id: number; name: string; students: number; districtId: number; districtName: string }[];
}

const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";
const LANGUAGES = { child: "Each child's ISR language", en: "English", es: "Spanish (Español)" } as const;
type Choice = keyof typeof LANGUAGES;
/** The spec's polling contract: every 3 s, at most 100 times. */
const POLL_MS = 3000;
const POLL_LIMIT = 100;

const running = (o: IsrOutput) => o.status === "queued" || o.status === "in_progress";

interface Props {
  /** The collections to choose from (administrators); omitted on a teacher's collection page. */
  collections?: { id: number; name: string }[];
  collectionId: number;
  initial: IsrState | null;
  /** Who the ISRs cover, in words. */
  scope: string;
}

/** Request ISRs (English or Spanish) for a collection, watch them being made, download them as one PDF, clear them. */
export function IsrManager({ collections, collectionId: firstId, initial, scope }: Props) {
  const { showSnackbar } = useSnackbar();
  const [collectionId, setCollectionId] = useState(firstId);
  const [language, setLanguage] = useState<Choice>("child");
  const [locationId, setLocationId] = useState(0);
  const [districtId, setDistrictId] = useState(0);
  const [state, setState] = useState<IsrState | null>(initial);
  const [sending, setSending] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const polls = useRef(0);
  const announced = useRef(new Set((initial?.dataCollectionsOutputs ?? []).filter((o) => !running(o)).map((o) => o.id)));

  const load = useCallback(
    async (id: number) => {
      const answer = await callApi<IsrState>("GET", `/data-collections-outputs?dataCollectionId=${id}`, undefined, ISR_FALLBACK);
      if (!answer.ok) {
        setError(answer.message);
        return null;
      }
      const next = answer.data;
      setState(next);
      for (const o of next.dataCollectionsOutputs) {
        if (!running(o) && !announced.current.has(o.id)) {
          announced.current.add(o.id);
          if (o.status === "complete") showSnackbar(ISR_GENERATED, "success");
        }
      }
      return next;
    },
    [showSnackbar],
  );

  const active = state?.dataCollectionsOutputs.some(running) ?? false;
  const [pollsSpent, setPollsSpent] = useState(false);
  usePolling(
    () => {
      polls.current += 1;
      if (polls.current > POLL_LIMIT) return setPollsSpent(true);
      return load(collectionId);
    },
    POLL_MS,
    active && !pollsSpent,
  );

  async function choose(id: number) {
    setCollectionId(id);
    setLocationId(0);
    setError(null);
    setState(null);
    const next = await load(id);
    for (const o of next?.dataCollectionsOutputs ?? []) if (!running(o)) announced.current.add(o.id);
  }

  async function request() {
    setSending(true);
    setError(null);
    const answer = await callApi<{ message: string }>(
      "POST",
      "/reports/individual-student",
      { dataCollectionId: collectionId, ...(language === "child" ? {} : { language }), ...(locationId ? { locationId } : {}) },
      ISR_FALLBACK,
    );
    setSending(false);
    if (!answer.ok) {
      setError(answer.message);
      showSnackbar(answer.message, "error");
      return;
    }
    showSnackbar(answer.data.message, "success");
    polls.current = 0;
    setPollsSpent(false);
    await load(collectionId);
  }

  async function clear() {
    setClearing(true);
    const answer = await callApi(
      "DELETE",
      `/data-collections-students-outputs?dataCollectionId=${collectionId}${locationId ? `&locationId=${locationId}` : ""}`,
      undefined,
      ISR_FALLBACK,
    );
    setClearing(false);
    setConfirm(false);
    if (!answer.ok) {
      setError(answer.message);
      showSnackbar(answer.message, "error");
      return;
    }
    showSnackbar(ISR_CLEARED, "success");
    await load(collectionId);
  }

  const latest = state?.dataCollectionsOutputs[0];
  const summary = state?.summary;
  // The districts of the schools in scope, by name: a district's ISRs download as one ZIP.
  const districts = [...new Map((state?.locations ?? []).map((l) => [l.districtId, { id: l.districtId, name: l.districtName }])).values()].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="isr-request-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="isr-request-heading" className="text-lg font-semibold text-slate-900">
          Individual student reports (ISRs)
        </h2>
        <p className="text-sm text-slate-700">{scope} Each child gets one page for their family, with their overall level and a result per area of learning.</p>
        {error && (
          <p role="alert" className="rounded-md border border-danger bg-red-50 px-3 py-2 text-sm text-danger">
            {error}
          </p>
        )}
        <div className="grid gap-4 tablet:grid-cols-3">
          {collections && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor="isr-collection" className="text-sm font-medium text-slate-800">
                Data collection
              </label>
              <select id="isr-collection" className={selectClass} value={collectionId} onChange={(e) => void choose(Number(e.target.value))}>
                {collections.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {state && state.locations.length > 1 ? (
            <div className="flex flex-col gap-1.5">
              <label htmlFor="isr-location" className="text-sm font-medium text-slate-800">
                School
              </label>
              <select id="isr-location" className={selectClass} value={locationId} onChange={(e) => setLocationId(Number(e.target.value))}>
                <option value={0}>All schools ({state.summary.students} students)</option>
                {state.locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name} ({l.students} {l.students === 1 ? "student" : "students"})
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {collections && districts.length > 1 ? (
            <div className="flex flex-col gap-1.5">
              <label htmlFor="isr-district" className="text-sm font-medium text-slate-800">
                District (ZIP download)
              </label>
              <select id="isr-district" className={selectClass} value={districtId || districts[0].id} onChange={(e) => setDistrictId(Number(e.target.value))}>
                {districts.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="flex flex-col gap-1.5">
            <label htmlFor="isr-language" className="text-sm font-medium text-slate-800">
              Language of the ISRs
            </label>
            <select id="isr-language" className={selectClass} value={language} onChange={(e) => setLanguage(e.target.value as Choice)}>
              {Object.entries(LANGUAGES).map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void request()} busy={sending} disabled={!summary?.students}>
            Request ISRs
          </Button>
          {summary && summary.generated > 0 ? (
            <a
              href={`/en/api/v1/data-collections/${collectionId}/outputs/download${locationId ? `?locationId=${locationId}` : ""}`}
              download
              className={buttonClasses("secondary")}
            >
              {locationId ? "Download the school's ISRs (PDF)" : `Download ISRs (PDF, ${summary.generated} ${summary.generated === 1 ? "page" : "pages"})`}
            </a>
          ) : null}
          {collections && summary && summary.generated > 0 && districts.length ? (
            <a
              href={`/en/api/v1/data-collections/${collectionId}/outputs/download/zip?districtId=${districtId || districts[0].id}`}
              download
              className={buttonClasses("secondary")}
            >
              {districts.length > 1 ? "Download the district's ISRs (ZIP)" : `Download ${districts[0].name}'s ISRs (ZIP, a PDF per school)`}
            </a>
          ) : null}
          {summary && summary.generated > 0 ? (
            <Button variant="danger" onClick={() => setConfirm(true)}>
              Clear ISRs
            </Button>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="isr-status-heading" className="flex flex-col gap-3">
        <h2 id="isr-status-heading" className="text-lg font-semibold text-slate-900">
          ISR status
        </h2>
        {summary ? (
          <dl className="grid grid-cols-2 gap-3 tablet:grid-cols-4">
            {[
              ["Students", summary.students],
              ["Generated", summary.generated],
              ["No ISR", summary.noIsr],
              ["Deleted", summary.deleted],
            ].map(([label, value]) => (
              <div key={label} className="rounded-md border border-slate-200 bg-white p-3">
                <dt className="text-sm text-slate-700">{label}</dt>
                <dd className="text-2xl font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {latest ? (
          <div className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-4" aria-live="polite">
            <label htmlFor="isr-progress" className="text-sm font-medium text-slate-800">
              Latest request ({LANGUAGES[latest.language ?? "child"]}, {formatDateTime(latest.createdAt)}): {latest.counts.generated + latest.counts.deleted} of{" "}
              {latest.counts.total} generated
              {latest.counts.failed ? `, ${latest.counts.failed} failed` : ""}
              {running(latest) ? "" : latest.status === "complete" ? ". Complete." : "."}
            </label>
            <progress
              id="isr-progress"
              className="h-3 w-full accent-brand-600"
              max={latest.counts.total}
              value={latest.counts.generated + latest.counts.deleted + latest.counts.failed}
            />
          </div>
        ) : (
          <EmptyState title="No ISRs requested yet">
            Request ISRs above; their progress shows here, and the PDF can be downloaded once they are generated.
          </EmptyState>
        )}
      </section>

      <Dialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Clear ISRs?"
        description="The generated ISRs of this collection (of the chosen school, if one is chosen) that you can see are deleted. Their status becomes Deleted; you can request them again."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(false)}>
              Cancel
            </Button>
            <Button variant="danger" busy={clearing} onClick={() => void clear()}>
              Clear ISRs
            </Button>
          </>
        }
      />
    </div>
  );
}
