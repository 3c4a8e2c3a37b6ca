"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import { API, callApi, errorMessage } from "@/components/api/client";
import { usePolling } from "@/components/api/use-polling";

/** Save bytes (or a URL) as a file through a temporary link. */
function saveAs(href: string, fileName: string) {
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** One child's score sheet: blank, or filled with random scores for practice (nothing is saved). */
export function ChildScoreSheet({ collectionId, studentEnrollmentId }: { collectionId: number; studentEnrollmentId: number }) {
  const { showSnackbar } = useSnackbar();
  const [random, setRandom] = useState(false);
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    const res = await fetch(`${API}/score-sheet/template`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ dataCollectionId: collectionId, studentEnrollmentId, generateRandomScores: random }),
    }).catch(() => null);
    setBusy(false);
    if (!res?.ok) {
      showSnackbar(await errorMessage(res), "error");
      return;
    }
    const url = URL.createObjectURL(await res.blob());
    saveAs(url, `score-sheet-${studentEnrollmentId}${random ? "-practice" : ""}.pdf`);
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="h-4 w-4" checked={random} onChange={(e) => setRandom(e.target.checked)} />
        Fill with random scores (practice; nothing is saved)
      </label>
      <Button variant="secondary" size="sm" busy={busy} onClick={() => void download()}>
        Download score sheet
      </Button>
    </div>
  );
}

/** How often the class sheet's state is asked for while a job builds it. */
const POLL_MS = 1500;

/**
 * Every child of the class on one PDF. A job builds it: the server answers the URL it will be
 * downloaded from, and the page asks for its state until it is complete (then downloads) or failed.
 */
export function ClassScoreSheet({ collectionId }: { collectionId: number }) {
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  // The sheet a job is building: its state is asked for until it is complete or failed.
  const [job, setJob] = useState<{ id: number; url: string; fileName: string } | null>(null);

  function finish(error: string | null) {
    setJob(null);
    setBusy(false);
    setNote(error === null ? "The class's score sheets are ready." : "");
    if (error !== null) showSnackbar(error, "error");
  }

  usePolling(
    async () => {
      if (!job) return;
      const poll = await callApi<{ status: string; error: string | null }>("GET", `/score-sheet/${job.id}`);
      if (!poll.ok) return finish(poll.message);
      if (poll.data.status === "failed") return finish(poll.data.error ?? "Something went wrong");
      if (poll.data.status !== "complete") return;
      finish(null);
      saveAs(job.url, job.fileName);
    },
    POLL_MS,
    job !== null,
  );

  async function download() {
    setBusy(true);
    setNote("");
    const started = await callApi<{ id: number; url: string; fileName: string }>("POST", "/score-sheet/template/all", { dataCollectionId: collectionId });
    if (!started.ok) {
      setBusy(false);
      showSnackbar(started.message, "error");
      return;
    }
    setNote("Preparing the class's score sheets…");
    setJob(started.data);
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-slate-700" role="status" aria-live="polite">
        {note}
      </p>
      <Button variant="secondary" size="sm" busy={busy} onClick={() => void download()}>
        Download score sheets for the class
      </Button>
    </div>
  );
}
