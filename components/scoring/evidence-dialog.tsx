"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { apiData } from "@/components/api/client";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { uploadFile } from "@/lib/platform/storage/upload-client";
import {
  baseType,
  EVIDENCE_ACCEPT,
  isEvidenceFile,
  MAX_ARTIFACTS_PER_GRADE,
  MAX_EVIDENCE_BYTES,
  TOO_LARGE,
  TOO_MANY,
  TYPE_NOT_ALLOWED,
  type Artifact,
} from "./evidence-rules";
import { formatBytes } from "@/lib/shell/format";

interface EvidenceDialogProps {
  collectionId: number;
  gradeId: number;
  title: string;
  writable: boolean;
  onCount: (count: number) => void;
  onClose: () => void;
}

/** The spec's artifacts modal: open (loading), loaded, saving; closing clears it. */
type State = { phase: "loading" } | { phase: "loaded" } | { phase: "saving"; progress: number; label: string };

const base = (collectionId: number, gradeId: number) => `/data-collections/${collectionId}/scores/${gradeId}/artifacts`;

/** Same-origin files preview inline (the CSP allows images from 'self' only). */
const previewable = (a: Artifact) =>
  a.contentType?.startsWith("image/") &&
  baseType(a.contentType) !== "image/heic" &&
  new URL(a.downloadUrl, window.location.href).origin === window.location.origin;

/** The evidence files of one grade: list, preview, download, delete, upload with progress. */
export function EvidenceDialog({ collectionId, gradeId, title, writable, onCount, onClose }: EvidenceDialogProps) {
  const inputId = useId();
  const [state, setState] = useState<State>({ phase: "loading" });
  const [artifacts, setArtifacts] = useState<Artifact[]>([]);
  const [error, setError] = useState("");

  // The parent's callback changes each render; the list is loaded once per opening.
  const countRef = useRef(onCount);
  useEffect(() => {
    countRef.current = onCount;
  });
  const show = useCallback((list: Artifact[]) => {
    setArtifacts(list);
    countRef.current(list.length);
    setState({ phase: "loaded" });
  }, []);

  useEffect(() => {
    let cancelled = false;
    apiData<{ artifacts: Artifact[] }>("GET", base(collectionId, gradeId))
      .then((body) => !cancelled && show(body.artifacts))
      .catch((err: Error) => {
        if (cancelled) return;
        setError(err.message);
        setState({ phase: "loaded" });
      });
    return () => {
      cancelled = true;
    };
  }, [collectionId, gradeId, show]);

  async function upload(files: File[]) {
    setError("");
    const refused = files.find((f) => !isEvidenceFile(f.name, f.type));
    if (refused) return setError(`${refused.name}: ${TYPE_NOT_ALLOWED}`);
    const large = files.find((f) => f.size > MAX_EVIDENCE_BYTES);
    if (large) return setError(`${large.name}: ${TOO_LARGE}`);
    if (artifacts.length + files.length > MAX_ARTIFACTS_PER_GRADE) return setError(TOO_MANY);
    const total = files.reduce((n, f) => n + f.size, 0);
    let done = 0;
    try {
      const uploaded = [];
      for (const file of files) {
        const label = `Uploading ${file.name}`;
        setState({ phase: "saving", progress: (done / total) * 100, label });
        const stored = await uploadFile(file, {
          purpose: "evidence",
          onProgress: (bytes) => setState({ phase: "saving", progress: ((done + bytes) / total) * 100, label }),
        });
        done += file.size;
        uploaded.push({ fileName: stored.s3FileName, originalFileName: file.name, sizeBytes: file.size, contentType: file.type });
      }
      setState({ phase: "saving", progress: 100, label: "Attaching" });
      const body = await apiData<{ artifacts: Artifact[] }>("POST", base(collectionId, gradeId), { files: uploaded });
      show(body.artifacts);
    } catch (err) {
      setError(err instanceof Error ? err.message : "Something went wrong");
      setState({ phase: "loaded" });
    }
  }

  async function remove(a: Artifact) {
    setError("");
    setState({ phase: "saving", progress: 0, label: `Deleting ${a.originalFileName}` });
    try {
      await apiData("DELETE", `${base(collectionId, gradeId)}/${a.id}`);
      show(artifacts.filter((x) => x.id !== a.id));
    } catch (err) {
      setError(err instanceof Error ? err.message : "Something went wrong");
      setState({ phase: "loaded" });
    }
  }

  const busy = state.phase !== "loaded";
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title="Evidence"
      description={title}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Close
        </Button>
      }
    >
      <div className="flex flex-col gap-4" aria-busy={busy}>
        {state.phase === "loading" && <p className="text-sm text-slate-600">Loading files…</p>}
        {state.phase !== "loading" && artifacts.length === 0 && (
          <p className="text-sm text-slate-600">
            No files yet. Photos, PDFs, audio and short videos can be attached, up to {MAX_ARTIFACTS_PER_GRADE} per score.
          </p>
        )}
        {artifacts.length > 0 && (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Files">
            {artifacts.map((a) => (
              <li key={a.id} className="flex items-center gap-3 px-3 py-2">
                {previewable(a) ? (
                  // A signed same-origin URL: next/image would re-fetch it through the optimiser.
                  // eslint-disable-next-line @next/next/no-img-element
                  <img src={a.downloadUrl} alt={`Preview of ${a.originalFileName}`} className="size-12 rounded object-cover" />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex size-12 items-center justify-center rounded bg-slate-100 text-xs font-semibold text-slate-600 uppercase"
                  >
                    {(a.contentType ?? "file").split("/")[1]?.slice(0, 4) ?? "file"}
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{a.originalFileName}</p>
                  <p className="text-xs text-slate-600">{formatBytes(a.sizeBytes)}</p>
                </div>
                <a href={a.downloadUrl} download={a.originalFileName} className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
                  Download<span className="sr-only"> {a.originalFileName}</span>
                </a>
                {writable && (
                  <Button size="sm" variant="ghost" disabled={busy} onClick={() => remove(a)}>
                    Delete<span className="sr-only"> {a.originalFileName}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {state.phase === "saving" && (
          <div role="status">
            <p className="mb-1 text-sm text-slate-700">{state.label}</p>
            <Progress value={state.progress} label={state.label} />
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
        {writable && (
          <div>
            <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
              Add files
            </label>
            <input
              id={inputId}
              type="file"
              multiple
              disabled={busy}
              accept={EVIDENCE_ACCEPT}
              onChange={(e) => {
                const files = Array.from(e.target.files ?? []);
                e.target.value = "";
                if (files.length) void upload(files);
              }}
              className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
            />
            <p className="mt-1 text-xs text-slate-600">Photos, PDF, audio or video; up to 100 MB each.</p>
          </div>
        )}
      </div>
    </Dialog>
  );
}
