"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { callApi } from "@/components/api/client";
import { StatusMessage, useStatus } from "./status";

export interface OpenMilestone {
  id: number;
  label: string;
  description: string | null;
  window: string;
  /** When this child's ratings were last captured for it, as text; null when never. */
  capturedOn: string | null;
}

/** The milestones open now, each with a button that freezes the child's current ratings for it. */
export function MilestoneCapture({ studentId, collectionId, milestones }: { studentId: number; collectionId: number; milestones: OpenMilestone[] }) {
  const router = useRouter();
  const [busy, setBusy] = useState<number | null>(null);
  const [status, setStatus] = useStatus();

  async function onCapture(m: OpenMilestone) {
    setBusy(m.id);
    const answer = await callApi(
      "POST",
      "/score-milestone/capture",
      { studentId, dataCollectionId: collectionId, tenantMilestoneId: m.id },
      { fallback: "The ratings could not be captured. Check your connection and try again." },
    );
    setBusy(null);
    if (answer.ok) {
      setStatus({ tone: "success", text: `Ratings captured for ${m.label}.` });
      router.refresh();
    } else setStatus({ tone: "error", text: answer.message });
  }

  return (
    <div className="flex flex-col gap-3">
      {milestones.length === 0 ? (
        <p className="text-sm text-slate-600">No milestone is open for capture now.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {milestones.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {m.label}
                  {m.capturedOn ? <Badge tone="success">Captured {m.capturedOn}</Badge> : <Badge tone="warning">Not captured</Badge>}
                </p>
                <p className="text-xs text-slate-600">
                  Open {m.window}
                  {m.description ? ` · ${m.description}` : ""}
                </p>
              </div>
              <Button
                size="sm"
                variant={m.capturedOn ? "secondary" : "primary"}
                busy={busy === m.id}
                onClick={() => onCapture(m)}
                aria-label={`${m.capturedOn ? "Capture again" : "Capture ratings"} for ${m.label}`}
              >
                {m.capturedOn ? "Capture again" : "Capture ratings"}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <StatusMessage status={status} />
    </div>
  );
}
