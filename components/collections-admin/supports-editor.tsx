"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import type { CollectionSupport } from "@/lib/collections/admin-schemas";
import { useChange } from "@/components/api/use-change";

/** Add or rename a support the collection offers (POST or PUT .../supports?admin=true). */
function SupportDialog({ collectionId, support, onClose }: { collectionId: number; support?: CollectionSupport; onClose: () => void }) {
  const { busy, change } = useChange();
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const formId = support ? `support-form-${support.id}` : "support-form-new";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { label: String(form.get("label") ?? "").trim(), code: String(form.get("code") ?? "").trim() || null, ...(support ? { id: support.id } : {}) };
    const answer = await change(support ? "PUT" : "POST", `/data-collections/${collectionId}/supports?admin=true`, body, {
      success: support ? `Support ${body.label} updated` : `Support ${body.label} added`,
    });
    if (!answer.ok) setErrors(answer.errors);
    else onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={support ? `Rename support ${support.label}` : "New support"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {support ? "Save support" : "Add support"}
          </Button>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Field label="Label" name="label" required autoComplete="off" maxLength={200} defaultValue={support?.label ?? ""} error={errorOf("label")} />
        <Field
          label="Code"
          name="code"
          autoComplete="off"
          maxLength={40}
          defaultValue={support?.code ?? ""}
          error={errorOf("code")}
          hint="Optional short code"
        />
      </form>
    </Dialog>
  );
}

/** The supports (accommodations) the collection offers teachers to record per child. */
export function SupportsEditor({ collectionId, supports, manage }: { collectionId: number; supports: CollectionSupport[]; manage: boolean }) {
  const { change } = useChange();
  const [editing, setEditing] = useState<CollectionSupport | "new" | null>(null);

  function remove(support: CollectionSupport) {
    void change("DELETE", `/data-collections/${collectionId}/supports?admin=true&id=${support.id}`, undefined, { success: `Support ${support.label} removed` });
  }

  return (
    <section aria-labelledby="supports-heading" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="supports-heading" className="text-lg font-semibold text-slate-900">
          Supports
        </h2>
        {manage && (
          <Button size="sm" onClick={() => setEditing("new")}>
            New support
          </Button>
        )}
      </div>
      {supports.length === 0 ? (
        <p className="text-sm text-slate-600">This collection offers no supports.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {supports.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
              <span className="text-sm text-slate-900">
                {s.label}
                {s.code && <span className="ml-2 font-mono text-xs text-slate-600">{s.code}</span>}
              </span>
              {manage && (
                <span className="flex gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setEditing(s)}>
                    Rename {s.label}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => remove(s)}>
                    Remove {s.label}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && <SupportDialog collectionId={collectionId} support={editing === "new" ? undefined : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
