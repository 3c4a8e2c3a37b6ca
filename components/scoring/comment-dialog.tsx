"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

interface CommentDialogProps {
  open: boolean;
  title: string;
  initial: string;
  onSave: (comment: string) => void;
  onClose: () => void;
}

const MAX = 1000;

/** The comment of one score; saved through the same queue as the grades (so it waits offline too). */
export function CommentDialog({ open, title, initial, onSave, onClose }: CommentDialogProps) {
  const [text, setText] = useState(initial);
  const id = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Comment"
      description={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onSave(text.trim())}>Save comment</Button>
        </>
      }
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Comment
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={MAX}
        rows={4}
        onChange={(e) => setText(e.target.value)}
        className="mt-1.5 w-full rounded-md border border-slate-400 px-3 py-2 text-sm text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0"
      />
      <p className="mt-1 text-right text-xs text-slate-600">
        {text.length} / {MAX}
      </p>
    </Dialog>
  );
}
