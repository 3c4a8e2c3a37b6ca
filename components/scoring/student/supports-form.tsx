"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/field";
import { callApi } from "@/components/api/client";
import type { StudentSupport } from "@/lib/scoring/supports-schemas";
import { StatusMessage, useStatus } from "./status";

/** The collection's supports as checkboxes; saving replaces the child's set with the ticked ones. */
export function SupportsForm({
  collectionId,
  enrollmentId,
  supports,
  initial,
}: {
  collectionId: number;
  enrollmentId: number;
  supports: { id: number; label: string }[];
  initial: number[];
}) {
  const [ticked, setTicked] = useState(() => new Set(initial));
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useStatus();

  const toggle = (id: number, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const answer = await callApi<{ dataCollectionsStudentSupports: StudentSupport[] }>(
      "PUT",
      `/enrollments/${enrollmentId}/supports`,
      { dataCollectionId: collectionId, supportIds: [...ticked] },
      { fallback: "The supports could not be saved. Check your connection and try again." },
    );
    setBusy(false);
    if (answer.ok) {
      setTicked(new Set(answer.data.dataCollectionsStudentSupports.map((s) => s.support_id)));
      setStatus({ tone: "success", text: "Supports saved." });
    } else setStatus({ tone: "error", text: answer.message });
  }

  if (!supports.length) return <p className="text-sm text-slate-600">This collection offers no supports.</p>;
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Supports used with this child</legend>
        <div className="grid grid-cols-1 gap-2 tablet:grid-cols-2">
          {supports.map((s) => (
            <Checkbox key={s.id} label={s.label} name="supportIds" value={s.id} checked={ticked.has(s.id)} onChange={(e) => toggle(s.id, e.target.checked)} />
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" busy={busy}>
          Save supports
        </Button>
        <StatusMessage status={status} />
      </div>
    </form>
  );
}
