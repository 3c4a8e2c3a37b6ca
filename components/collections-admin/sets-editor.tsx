"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { PlainTable } from "@/components/ui/plain-table";
import { useSnackbar } from "@/components/ui/snackbar";
import { EmptyState } from "@/components/ui/states";
import type { CollectionSetRow } from "@/lib/collections/admin-schemas";
import { callApi } from "@/components/api/client";
import { useChange } from "@/components/api/use-change";

interface ItemChoice {
  id: number;
  code: string;
  label: string;
}

interface Chosen {
  priority: number;
}

/** The spec's texts (§8 and the issue): 'Item Set {label} created/updated', 'Item Set removed'. */
const TEXTS = {
  created: (label: string) => `Item Set ${label} created`,
  updated: (label: string) => `Item Set ${label} updated`,
  removed: "Item Set removed",
};

/** Create (POST) or edit (PUT, then the item changes one by one) an item set. */
function SetDialog({ collectionId, set, items, onClose }: { collectionId: number; set?: CollectionSetRow; items: ItemChoice[]; onClose: () => void }) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  const [chosen, setChosen] = useState<Map<number, Chosen>>(() => new Map((set?.items ?? []).map((i) => [i.parentAssessmentItemId, { priority: i.priority }])));
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const formId = set ? `set-form-${set.id}` : "set-form-new";

  function toggle(itemId: number, on: boolean) {
    const next = new Map(chosen);
    if (on) next.set(itemId, { priority: Math.max(0, ...[...chosen.values()].map((c) => c.priority)) + 1 });
    else next.delete(itemId);
    setChosen(next);
  }

  async function saveItems(setId: number): Promise<string | null> {
    const before = new Map((set?.items ?? []).map((i) => [i.parentAssessmentItemId, i]));
    for (const [itemId, old] of before) {
      if (!chosen.has(itemId)) {
        const answer = await callApi("DELETE", `/data-collections-sets/${setId}/items?id=${old.id}`);
        if (!answer.ok) return answer.message;
      }
    }
    for (const [itemId, c] of chosen) {
      const old = before.get(itemId);
      if (old && old.priority === c.priority) continue;
      const answer = old
        ? await callApi("PUT", `/data-collections-sets/${setId}/items`, { id: old.id, priority: c.priority })
        : await callApi("POST", `/data-collections-sets/${setId}/items`, { parentAssessmentItemId: itemId, priority: c.priority });
      if (!answer.ok) return answer.message;
    }
    return null;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const label = String(form.get("label") ?? "").trim();
    const priority = Number(form.get("priority") || 0);
    setBusy(true);
    let failure: string | null = null;
    if (set) {
      const answer = await callApi("PUT", `/data-collections-sets/${set.id}`, { label, priority });
      if (!answer.ok) {
        setErrors(answer.errors);
        failure = answer.message;
      } else failure = await saveItems(set.id);
    } else {
      const answer = await callApi("POST", "/data-collections-sets", {
        parentDataCollectionId: collectionId,
        label,
        priority,
        items: [...chosen].map(([parentAssessmentItemId, c]) => ({ parentAssessmentItemId, priority: c.priority })),
      });
      if (!answer.ok) {
        setErrors(answer.errors);
        failure = answer.message;
      }
    }
    setBusy(false);
    if (failure) {
      showSnackbar(failure, "error");
      if (set) router.refresh();
      return;
    }
    showSnackbar(set ? TEXTS.updated(label) : TEXTS.created(label), "success");
    onClose();
    router.refresh();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={set ? `Edit item set ${set.label}` : "New item set"}
      description="Sets are given in priority order (lowest first); so are the items within a set."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {set ? "Save item set" : "Create item set"}
          </Button>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <div className="grid grid-cols-1 gap-4 tablet:grid-cols-2">
          <Field label="Label" name="label" required autoComplete="off" maxLength={200} defaultValue={set?.label ?? ""} error={errorOf("label")} />
          <Field label="Priority" name="priority" type="number" min={0} max={10000} defaultValue={set?.priority ?? 0} error={errorOf("priority")} />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800">Items ({chosen.size} chosen)</legend>
          {errorOf("items") && <p className="text-sm text-red-700">{errorOf("items")}</p>}
          <ul className="flex max-h-80 flex-col gap-1 overflow-y-auto rounded-md border border-slate-200 p-2">
            {items.map((item) => {
              const c = chosen.get(item.id);
              const boxId = `${formId}-item-${item.id}`;
              return (
                <li key={item.id} className="flex items-center gap-3">
                  <input id={boxId} type="checkbox" className="size-4" checked={Boolean(c)} onChange={(e) => toggle(item.id, e.target.checked)} />
                  <label htmlFor={boxId} className="min-w-0 flex-1 text-sm text-slate-800">
                    <span className="font-mono text-xs text-slate-600">{item.code}</span> {item.label}
                  </label>
                  {c && (
                    <input
                      type="number"
                      min={0}
                      max={10000}
                      aria-label={`Priority of ${item.code}`}
                      className="h-8 w-20 rounded-md border border-slate-400 px-2 text-sm"
                      value={c.priority}
                      onChange={(e) => setChosen(new Map(chosen).set(item.id, { priority: Number(e.target.value) || 0 }))}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
      </form>
    </Dialog>
  );
}

function RemoveSet({ set, onClose }: { set: CollectionSetRow; onClose: () => void }) {
  const { busy, change } = useChange();
  async function remove() {
    const answer = await change("DELETE", `/data-collections-sets/${set.id}`, undefined, { success: TEXTS.removed });
    if (answer.ok) onClose();
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size="sm"
      title={`Remove item set ${set.label}?`}
      description="Its items leave the collection unless another set holds them; children's results are recomputed."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} onClick={() => void remove()}>
            Remove item set
          </Button>
        </>
      }
    />
  );
}

/** The collection's item sets with their items; tenant admins create, edit and remove them. */
export function SetsEditor({ collectionId, sets, items, manage }: { collectionId: number; sets: CollectionSetRow[]; items: ItemChoice[]; manage: boolean }) {
  const [editing, setEditing] = useState<CollectionSetRow | "new" | null>(null);
  const [removing, setRemoving] = useState<CollectionSetRow | null>(null);
  return (
    <section aria-labelledby="sets-heading" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="sets-heading" className="text-lg font-semibold text-slate-900">
          Item sets
        </h2>
        {manage && (
          <Button size="sm" onClick={() => setEditing("new")}>
            New item set
          </Button>
        )}
      </div>
      {sets.length === 0 && <EmptyState title="No item sets yet">A collection&apos;s items are those of its sets: add a set and choose its items.</EmptyState>}
      {sets.map((set) => (
        <Card
          key={set.id}
          title={`${set.label} · priority ${set.priority}`}
          actions={
            manage ? (
              <>
                <Button size="sm" variant="secondary" onClick={() => setEditing(set)}>
                  Edit {set.label}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setRemoving(set)}>
                  Remove {set.label}
                </Button>
              </>
            ) : undefined
          }
        >
          {set.items.length === 0 ? (
            <p className="text-sm text-slate-600">No items in this set.</p>
          ) : (
            <PlainTable bare caption={`Items of ${set.label}`} columns={["Code", "Label", "Priority"]} rows={set.items}>
              {(item) => (
                <tr key={item.id} className="border-t border-slate-200">
                  <th scope="row" className="font-mono text-xs font-normal">
                    {item.code}
                  </th>
                  <td>{item.label}</td>
                  <td>{item.priority}</td>
                </tr>
              )}
            </PlainTable>
          )}
        </Card>
      ))}
      {editing && <SetDialog collectionId={collectionId} set={editing === "new" ? undefined : editing} items={items} onClose={() => setEditing(null)} />}
      {removing && <RemoveSet set={removing} onClose={() => setRemoving(null)} />}
    </section>
  );
}
