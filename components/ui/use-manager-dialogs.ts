"use client";

import { useRef, useState } from "react";
import { useChange } from "@/components/api/use-change";
import type { FieldError } from "@/lib/platform/errors";

/** What a manager says after a change: `ok` on success; on failure the server's message, else `failed` (spec §8, through callApi). */
export type ManagerTexts = Record<"create" | "update" | "delete", { ok: string; failed?: string }>;

/** One change through the API: `change(method, path, body)` of useChange. */
export interface ApiChange {
  method: "POST" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
}

/**
 * The dialog wiring of a list page that creates, edits and deletes in dialogs (announcements,
 * groups): which item the form edits ("new" or an item; `formKey` gives each opening a fresh form),
 * which one is being deleted, the busy flag and field errors of the last save, the snackbar and
 * refresh after a change, and focus: the shared Dialog has no Radix trigger, so after a dialog
 * closes the focus goes back to its opener, or to the 'New' button (`newButton`) when the opener's
 * item was deleted.
 */
export function useManagerDialogs<T>(texts: ManagerTexts) {
  const { busy, change } = useChange();
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const opener = useRef<HTMLElement | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);

  function rememberOpener() {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }

  function refocus(gone = false) {
    setTimeout(() => (gone || !opener.current?.isConnected ? newButton.current : opener.current)?.focus(), 0);
  }

  function openForm(item: T | "new") {
    rememberOpener();
    setErrors([]);
    setFormKey((k) => k + 1);
    setEditing(item);
  }

  function closeForm() {
    setEditing(null);
    refocus();
  }

  function askDelete(item: T) {
    rememberOpener();
    setDeleting(item);
  }

  function closeDelete(deleted = false) {
    setDeleting(null);
    refocus(deleted);
  }

  async function run(kind: keyof ManagerTexts, { method, path, body }: ApiChange, done: () => void) {
    const answer = await change(method, path, body, { success: texts[kind].ok, fallback: texts[kind].failed });
    setErrors(answer.ok ? [] : answer.errors);
    if (answer.ok) done();
  }

  /** Save the form: create when it is new, else update the item it edits; the form closes on success. */
  function save(create: ApiChange, update: (item: T) => ApiChange) {
    if (editing === "new") void run("create", create, closeForm);
    else if (editing) void run("update", update(editing), closeForm);
  }

  /** Delete the item the confirmation names; the dialog closes on success. */
  function confirmDelete(remove: (item: T) => ApiChange) {
    if (deleting) void run("delete", remove(deleting), () => closeDelete(true));
  }

  /** A field's error goes once the person changes that field. */
  function clearFieldError(field: string) {
    setErrors((current) => (current.some((e) => e.field === field) ? current.filter((e) => e.field !== field) : current));
  }

  return { editing, formKey, deleting, busy, errors, newButton, openForm, closeForm, askDelete, closeDelete, save, confirmDelete, clearFieldError };
}
