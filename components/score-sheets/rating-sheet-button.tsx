"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import { API, errorMessage } from "@/components/api/client";

/** The class's rating sheet for the collection: blank, or with the ratings recorded so far ticked. */
export function RatingSheetButton({ collectionId }: { collectionId: number }) {
  const { showSnackbar } = useSnackbar();
  const [withRatings, setWithRatings] = useState(false);
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    const res = await fetch(`${API}/rating-sheet`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ dataCollectionId: collectionId, includeScores: withRatings }),
    }).catch(() => null);
    setBusy(false);
    if (!res?.ok) {
      // Platform §8: the rating sheet falls back to the generic text whatever the status.
      showSnackbar(await errorMessage(res, "Something went wrong"), "error");
      return;
    }
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = `rating-sheet-collection-${collectionId}${withRatings ? "-with-ratings" : ""}.pdf`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="h-4 w-4" checked={withRatings} onChange={(e) => setWithRatings(e.target.checked)} />
        Include recorded ratings
      </label>
      <Button variant="secondary" size="sm" busy={busy} onClick={() => void download()}>
        Download rating sheet
      </Button>
    </div>
  );
}
