"use client";

import { useEffect, useState } from "react";
import { callApi } from "@/components/api/client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
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
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Changes to this grade, newest first</caption>
          <thead className="text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                When
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Change
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Grade
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Comment
              </th>
              <th scope="col" className="py-2 font-medium">
                By
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {state.history.map((h) => (
              <tr key={h.id}>
                <td className="py-2 pr-4 whitespace-nowrap text-slate-700">
                  {formatDate(new Date(h.changedAt * 1000))}, {time(h.changedAt)}
                </td>
                <td className="py-2 pr-4 text-slate-900">{ACTIONS[h.action]}</td>
                <td className="py-2 pr-4 font-medium text-slate-900">{h.entryCode ?? "—"}</td>
                <td className="py-2 pr-4 text-slate-700">{h.comment ?? ""}</td>
                <td className="py-2 text-slate-700">{h.changedBy?.name ?? "Unknown"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
