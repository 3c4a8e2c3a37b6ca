"use client";

import { useEffect, useState } from "react";
import { callApi } from "@/components/api/client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { PlainTable } from "@/components/ui/plain-table";
import { formatDate } from "@/lib/shell/format";
import type { HistoryEntry } from "@/lib/scoring/history-schemas";

interface HistoryDialogProps {
  collectionId: number;
  studentId: number;
  itemId: number;
  title: string;
  onClose: () => void;
}

type State = { kind: "loading" } | { kind: "loaded"; history: HistoryEntry[] } | { kind: "failed"; message: string };

const ACTIONS: Record<HistoryEntry["action"], string> = { create: "Scored", update: "Changed", delete: "Cleared" };

const time = (unix: number) => new Date(unix * 1000).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });

/** Who changed one cell's grade and comment, and when: newest first, from the grade history. */
export function HistoryDialog({ collectionId, studentId, itemId, title, onClose }: HistoryDialogProps) {
  const [state, setState] = useState<State>({ kind: "loading" });
  useEffect(() => {
    let live = true;
    void callApi<{ history: HistoryEntry[] }>("GET", `/data-collections/${collectionId}/students/${studentId}/items/${itemId}/grades/history`, undefined, {
      fallback: "Error fetching data",
    }).then((answer) => {
      if (live) setState(answer.ok ? { kind: "loaded", history: answer.data.history } : { kind: "failed", message: answer.message });
    });
    return () => {
      live = false;
    };
  }, [collectionId, studentId, itemId]);

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Grade history"
      description={title}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {state.kind === "loading" && <p className="text-sm text-slate-600">Loading…</p>}
      {state.kind === "failed" && (
        <p role="alert" className="text-sm text-danger">
          {state.message}
        </p>
      )}
      {state.kind === "loaded" && state.history.length === 0 && <p className="text-sm text-slate-600">This cell has never been scored.</p>}
      {state.kind === "loaded" && state.history.length > 0 && (
        <PlainTable bare caption="Changes to this grade, newest first" columns={["When", "Change", "Grade", "Comment", "By"]} rows={state.history}>
          {(h) => (
            <tr key={h.id} className="border-t border-slate-200">
              <td className="whitespace-nowrap text-slate-700">
                {formatDate(new Date(h.changedAt * 1000))}, {time(h.changedAt)}
              </td>
              <td className="text-slate-900">{ACTIONS[h.action]}</td>
              <td className="font-medium text-slate-900">{h.entryCode ?? "—"}</td>
              <td className="text-slate-700">{h.comment ?? ""}</td>
              <td className="text-slate-700">{h.changedBy?.name ?? "Unknown"}</td>
            </tr>
          )}
        </PlainTable>
      )}
    </Dialog>
  );
}
