"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/field";
import type { ActionResult } from "@/lib/platform/action";
import { StatusMessage, useStatus } from "./status";

type Save = (input: { dataCollectionId: number; studentEnrollmentId: number; supportIds: number[] }) => Promise<ActionResult<{ supportIds: number[] }>>;

/** The collection's supports as checkboxes; saving replaces the child's set with the ticked ones. */
export function SupportsForm({
  collectionId,
  enrollmentId,
  supports,
  initial,
  save,
}: {
  collectionId: number;
  enrollmentId: number;
  supports: { id: number; label: string }[];
  initial: number[];
  save: Save;
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
    const result = await save({ dataCollectionId: collectionId, studentEnrollmentId: enrollmentId, supportIds: [...ticked] }).catch(() => null);
    setBusy(false);
    if (result?.ok) {
      setTicked(new Set(result.data.supportIds));
      setStatus({ tone: "success", text: "Supports saved." });
    } else setStatus({ tone: "error", text: result?.message ?? "The supports could not be saved. Check your connection and try again." });
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
