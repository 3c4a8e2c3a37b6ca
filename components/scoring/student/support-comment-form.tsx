"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { callApi } from "@/components/api/client";
import type { SupportAssignment } from "@/lib/scoring/supports-schemas";
import { StatusMessage, useStatus } from "./status";

const MAX = 2000;

/** The note on the child's supports; an empty note clears it. */
export function SupportCommentForm({ assignmentId, initial }: { assignmentId: number; initial: string | null }) {
  const id = useId();
  const [text, setText] = useState(initial ?? "");
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useStatus();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const answer = await callApi<{ assignment: SupportAssignment }>(
      "PUT",
      "/data-collections-student-assignments",
      { id: assignmentId, supportComment: text },
      { fallback: "The comment could not be saved. Check your connection and try again." },
    );
    setBusy(false);
    if (answer.ok) {
      const saved = answer.data.assignment.supportComment;
      setText(saved ?? "");
      setStatus({ tone: "success", text: saved ? "Support comment saved." : "Support comment cleared." });
    } else setStatus({ tone: "error", text: answer.message });
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Support comment
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-hint`}
        className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        How the supports were used, for whoever reads this child&apos;s results. {text.length} of {MAX} characters.
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" variant="secondary" busy={busy}>
          Save comment
        </Button>
        <StatusMessage status={status} />
      </div>
    </form>
  );
}
