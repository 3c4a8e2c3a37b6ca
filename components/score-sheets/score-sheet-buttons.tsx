"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import { errorMessage } from "@/components/reports/error-message";

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
    const res = await fetch("/en/api/v1/score-sheet/template", {
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

  async function download() {
    setBusy(true);
    setNote("");
    const res = await fetch("/en/api/v1/score-sheet/template/all", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ dataCollectionId: collectionId }),
    }).catch(() => null);
    if (!res?.ok) {
      setBusy(false);
      showSnackbar(await errorMessage(res), "error");
      return;
    }
    const asked = (await res.json()) as { id: number; url: string; fileName: string };
    setNote("Preparing the class's score sheets…");
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const poll = await fetch(`/en/api/v1/score-sheet/${asked.id}`).catch(() => null);
      if (!poll?.ok) {
        setBusy(false);
        setNote("");
        showSnackbar(await errorMessage(poll), "error");
        return;
      }
      const state = (await poll.json()) as { status: string; error: string | null };
      if (state.status === "complete") break;
      if (state.status === "failed") {
        setBusy(false);
        setNote("");
        showSnackbar(state.error ?? "Something went wrong", "error");
        return;
      }
    }
    setBusy(false);
    setNote("The class's score sheets are ready.");
    saveAs(asked.url, asked.fileName);
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
