"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useSnackbar } from "@/components/ui/snackbar";
import { callApi } from "./api";

interface Level {
  key: number;
  code: string;
  label: string;
  min: string;
  max: string;
}

interface Props {
  collectionId: number;
  /** The stored rules; keys this form does not edit (rawToScale ...) are kept as they are. */
  scoring: Record<string, unknown>;
  items: { code: string; label: string }[];
  manage: boolean;
}

const numberOrNull = (v: string) => (v.trim() === "" ? null : Number(v));

function storedLevels(scoring: Record<string, unknown>): Level[] {
  const levels = Array.isArray(scoring.performanceLevels) ? (scoring.performanceLevels as Record<string, unknown>[]) : [];
  return levels.map((l, i) => ({ key: i, code: String(l.code ?? ""), label: String(l.label ?? ""), min: String(l.min ?? ""), max: String(l.max ?? "") }));
}

/**
 * The collection's scoring rules as a form: the scale score range, the performance level bands and
 * item weights. A blank part falls back to the assessment's own configuration; saving recomputes
 * every child's results.
 */
export function ScoringForm({ collectionId, scoring, items, manage }: Props) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  const [levels, setLevels] = useState<Level[]>(() => storedLevels(scoring));
  const [nextKey, setNextKey] = useState(100);
  const errorOf = (field: string) => errors.find((e) => e.field === `scoring.${field}`)?.message;
  const scale = (scoring.scaleScore ?? {}) as { min?: number; max?: number };
  const weights = (scoring.itemWeights ?? {}) as Record<string, number>;

  function setLevel(key: number, change: Partial<Level>) {
    setLevels(levels.map((l) => (l.key === key ? { ...l, ...change } : l)));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "");
    const { scaleScore: _s, performanceLevels: _p, itemWeights: _w, ...kept } = scoring;
    const next: Record<string, unknown> = { ...kept };
    const min = numberOrNull(text("scaleMin"));
    const max = numberOrNull(text("scaleMax"));
    if (min !== null || max !== null) next.scaleScore = { min, max };
    if (levels.length) next.performanceLevels = levels.map((l) => ({ code: l.code.trim(), label: l.label.trim(), min: numberOrNull(l.min), max: numberOrNull(l.max) }));
    const itemWeights = Object.fromEntries(items.map((i) => [i.code, numberOrNull(text(`weight-${i.code}`))]).filter(([, w]) => w !== null));
    if (Object.keys(itemWeights).length) next.itemWeights = itemWeights;
    setBusy(true);
    const answer = await callApi("PUT", "/data-collections", { id: collectionId, scoring: next });
    setBusy(false);
    if (!answer.ok) {
      setErrors(answer.errors);
      showSnackbar(answer.message, "error");
      return;
    }
    setErrors([]);
    showSnackbar("Scoring saved", "success");
    router.refresh();
  }

  return (
    <form className="flex flex-col gap-8" onSubmit={submit} noValidate>
      <fieldset disabled={!manage} className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Scale score</legend>
        <p className="text-sm text-slate-600">The range the raw points are scaled to. Leave both blank to use the assessment&apos;s.</p>
        <div className="grid grid-cols-1 gap-4 tablet:grid-cols-2">
          <Field label="Lowest scale score" name="scaleMin" type="number" min={0} defaultValue={scale.min ?? ""} error={errorOf("scaleScore.min")} />
          <Field label="Highest scale score" name="scaleMax" type="number" min={0} defaultValue={scale.max ?? ""} error={errorOf("scaleScore.max")} />
        </div>
      </fieldset>

      <fieldset disabled={!manage} className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Performance levels</legend>
        <p className="text-sm text-slate-600">Bands of the overall scale score. None: the assessment&apos;s levels apply.</p>
        {levels.map((l, i) => (
          <div key={l.key} className="grid grid-cols-2 items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 tablet:grid-cols-5">
            <Field label={`Level ${i + 1} code`} value={l.code} onChange={(e) => setLevel(l.key, { code: e.target.value })} error={errorOf(`performanceLevels.${i}.code`)} />
            <Field label={`Level ${i + 1} label`} value={l.label} onChange={(e) => setLevel(l.key, { label: e.target.value })} error={errorOf(`performanceLevels.${i}.label`)} />
            <Field label={`Level ${i + 1} from`} type="number" value={l.min} onChange={(e) => setLevel(l.key, { min: e.target.value })} error={errorOf(`performanceLevels.${i}.min`)} />
            <Field label={`Level ${i + 1} to`} type="number" value={l.max} onChange={(e) => setLevel(l.key, { max: e.target.value })} error={errorOf(`performanceLevels.${i}.max`)} />
            <Button variant="secondary" size="sm" onClick={() => setLevels(levels.filter((x) => x.key !== l.key))}>
              Remove level {i + 1}
            </Button>
          </div>
        ))}
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setLevels([...levels, { key: nextKey, code: "", label: "", min: "", max: "" }]);
              setNextKey(nextKey + 1);
            }}
          >
            Add a level
          </Button>
        </div>
      </fieldset>

      <fieldset disabled={!manage} className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Item weights</legend>
        <p className="text-sm text-slate-600">How many times an item&apos;s points count. Blank: 1 (or the assessment&apos;s weight).</p>
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">The collection has no items yet: add item sets first.</p>
        ) : (
          <div className="grid grid-cols-1 gap-3 tablet:grid-cols-3">
            {items.map((item) => (
              <Field key={item.code} label={`${item.code} ${item.label}`} name={`weight-${item.code}`} type="number" min={0} max={100} step="any" defaultValue={weights[item.code] ?? ""} />
            ))}
          </div>
        )}
      </fieldset>
      {errorOf("_") && <p className="text-sm text-red-700">{errorOf("_")}</p>}
      {manage && (
        <div>
          <Button type="submit" busy={busy}>
            Save scoring
          </Button>
        </div>
      )}
    </form>
  );
}
