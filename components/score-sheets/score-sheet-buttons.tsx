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

/** Every child of the class on one PDF (the server answers a short-lived URL). */
export function ClassScoreSheet({ collectionId }: { collectionId: number }) {
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    const res = await fetch("/en/api/v1/score-sheet/template/all", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ dataCollectionId: collectionId }),
    }).catch(() => null);
    setBusy(false);
    if (!res?.ok) {
      showSnackbar(await errorMessage(res), "error");
      return;
    }
    const answer = (await res.json()) as { url: string; fileName: string };
    saveAs(answer.url, answer.fileName);
  }

  return (
    <Button variant="secondary" size="sm" busy={busy} onClick={() => void download()}>
      Download score sheets for the class
    </Button>
  );
}
