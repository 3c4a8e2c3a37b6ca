"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useChange } from "@/components/api/use-change";

interface Level {
  key: number;
  code: string;
  label: string;
  min: string;
  max: string;
}

interface Row {
  key: number;
  raw: string;
  scale: string;
}

interface Table {
  key: number;
  part: string;
  rows: Row[];
}

interface Props {
  collectionId: number;
  /** The stored rules; keys this form does not edit are kept as they are. */
  scoring: Record<string, unknown>;
  items: { code: string; label: string }[];
  /** The assessment's domains: the parts a raw-to-scale table may name beside the overall score. */
  domains: { code: string; label: string }[];
  manage: boolean;
}

const numberOrNull = (v: string) => (v.trim() === "" ? null : Number(v));

function storedLevels(scoring: Record<string, unknown>): Level[] {
  const levels = Array.isArray(scoring.performanceLevels) ? (scoring.performanceLevels as Record<string, unknown>[]) : [];
  return levels.map((l) => ({ key: nextKey(), code: String(l.code ?? ""), label: String(l.label ?? ""), min: String(l.min ?? ""), max: String(l.max ?? "") }));
}

let keys = 0;
const nextKey = () => ++keys;

function storedTables(scoring: Record<string, unknown>): Table[] {
  const tables = scoring.rawToScale && typeof scoring.rawToScale === "object" ? (scoring.rawToScale as Record<string, unknown>) : {};
  return Object.entries(tables).map(([part, rows]) => ({
    key: nextKey(),
    part,
    rows: (Array.isArray(rows) ? rows : []).map((r) => ({ key: nextKey(), raw: String((r as unknown[])[0] ?? ""), scale: String((r as unknown[])[1] ?? "") })),
  }));
}

/**
 * The collection's scoring rules as a form: the scale score range, the performance level bands and
 * item weights, and raw-to-scale tables (per domain or overall: the scale score of the highest raw
 * points not above the child's). A blank part falls back to the assessment's own configuration; saving recomputes
 * every child's results.
 */
export function ScoringForm({ collectionId, scoring, items, domains, manage }: Props) {
  const { busy, change } = useChange();
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  const [levels, setLevels] = useState<Level[]>(() => storedLevels(scoring));
  const [tables, setTables] = useState<Table[]>(() => storedTables(scoring));
  const errorOf = (field: string) => errors.find((e) => e.field === `scoring.${field}`)?.message;
  const scale = (scoring.scaleScore ?? {}) as { min?: number; max?: number };
  const weights = (scoring.itemWeights ?? {}) as Record<string, number>;

  const parts = [{ code: "overall", label: "Overall score" }, ...domains];
  const freePart = () => parts.find((p) => !tables.some((t) => t.part === p.code))?.code ?? "overall";
  const setTable = (key: number, change: (t: Table) => Table) => setTables((all) => all.map((t) => (t.key === key ? change(t) : t)));
  const setRow = (table: number, row: number, change: Partial<Row>) =>
    setTable(table, (t) => ({ ...t, rows: t.rows.map((r) => (r.key === row ? { ...r, ...change } : r)) }));

  function setLevel(key: number, change: Partial<Level>) {
    setLevels(levels.map((l) => (l.key === key ? { ...l, ...change } : l)));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "");
    const { scaleScore: _s, performanceLevels: _p, itemWeights: _w, rawToScale: _r, ...kept } = scoring;
    const next: Record<string, unknown> = { ...kept };
    const min = numberOrNull(text("scaleMin"));
    const max = numberOrNull(text("scaleMax"));
    if (min !== null || max !== null) next.scaleScore = { min, max };
    if (levels.length)
      next.performanceLevels = levels.map((l) => ({ code: l.code.trim(), label: l.label.trim(), min: numberOrNull(l.min), max: numberOrNull(l.max) }));
    const itemWeights = Object.fromEntries(items.map((i) => [i.code, numberOrNull(text(`weight-${i.code}`))]).filter(([, w]) => w !== null));
    if (Object.keys(itemWeights).length) next.itemWeights = itemWeights;
    if (tables.length) next.rawToScale = Object.fromEntries(tables.map((t) => [t.part, t.rows.map((r) => [numberOrNull(r.raw), numberOrNull(r.scale)])]));
    const answer = await change("PUT", "/data-collections", { id: collectionId, scoring: next }, { success: "Scoring saved" });
    setErrors(answer.ok ? [] : answer.errors);
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
            <Field
              label={`Level ${i + 1} code`}
              value={l.code}
              onChange={(e) => setLevel(l.key, { code: e.target.value })}
              error={errorOf(`performanceLevels.${i}.code`)}
            />
            <Field
              label={`Level ${i + 1} label`}
              value={l.label}
              onChange={(e) => setLevel(l.key, { label: e.target.value })}
              error={errorOf(`performanceLevels.${i}.label`)}
            />
            <Field
              label={`Level ${i + 1} from`}
              type="number"
              value={l.min}
              onChange={(e) => setLevel(l.key, { min: e.target.value })}
              error={errorOf(`performanceLevels.${i}.min`)}
            />
            <Field
              label={`Level ${i + 1} to`}
              type="number"
              value={l.max}
              onChange={(e) => setLevel(l.key, { max: e.target.value })}
              error={errorOf(`performanceLevels.${i}.max`)}
            />
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
              setLevels([...levels, { key: nextKey(), code: "", label: "", min: "", max: "" }]);
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
              <Field
                key={item.code}
                label={`${item.code} ${item.label}`}
                name={`weight-${item.code}`}
                type="number"
                min={0}
                max={100}
                step="any"
                defaultValue={weights[item.code] ?? ""}
              />
            ))}
          </div>
        )}
      </fieldset>
      <fieldset disabled={!manage} className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Raw-to-scale tables</legend>
        <p className="text-sm text-slate-600">
          For a domain or the overall score: a child&apos;s weighted raw points take the scale score of the highest row not above them. None: the scale score
          range above applies.
        </p>
        {tables.map((t, i) => (
          <div key={t.key} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`raw-to-scale-${i}-part`} className="text-sm font-medium text-slate-800">
                  Table {i + 1} part
                </label>
                <select
                  id={`raw-to-scale-${i}-part`}
                  className="h-10 rounded-md border border-slate-400 bg-white px-3 text-sm"
                  value={t.part}
                  onChange={(e) => setTable(t.key, (x) => ({ ...x, part: e.target.value }))}
                >
                  {parts.map((p) => (
                    <option key={p.code} value={p.code} disabled={p.code !== t.part && tables.some((x) => x.part === p.code)}>
                      {p.code === "overall" ? p.label : `${p.code} ${p.label}`}
                    </option>
                  ))}
                </select>
                {errorOf(`rawToScale.${t.part}`) && <p className="text-sm text-red-700">{errorOf(`rawToScale.${t.part}`)}</p>}
              </div>
              <Button variant="secondary" size="sm" onClick={() => setTables(tables.filter((x) => x.key !== t.key))}>
                Remove table {i + 1}
              </Button>
            </div>
            {t.rows.map((r, j) => (
              <div key={r.key} className="grid grid-cols-2 items-end gap-3 tablet:grid-cols-3">
                <Field
                  label={`Table ${i + 1} row ${j + 1} raw points`}
                  type="number"
                  min={0}
                  step="any"
                  value={r.raw}
                  onChange={(e) => setRow(t.key, r.key, { raw: e.target.value })}
                  error={errorOf(`rawToScale.${t.part}.${j}.0`)}
                />
                <Field
                  label={`Table ${i + 1} row ${j + 1} scale score`}
                  type="number"
                  min={0}
                  step="any"
                  value={r.scale}
                  onChange={(e) => setRow(t.key, r.key, { scale: e.target.value })}
                  error={errorOf(`rawToScale.${t.part}.${j}.1`)}
                />
                <Button variant="secondary" size="sm" onClick={() => setTable(t.key, (x) => ({ ...x, rows: x.rows.filter((y) => y.key !== r.key) }))}>
                  Remove row {j + 1} of table {i + 1}
                </Button>
              </div>
            ))}
            <div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setTable(t.key, (x) => ({ ...x, rows: [...x.rows, { key: nextKey(), raw: "", scale: "" }] }))}
              >
                Add a row to table {i + 1}
              </Button>
            </div>
          </div>
        ))}
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={tables.length >= parts.length}
            onClick={() => setTables([...tables, { key: nextKey(), part: freePart(), rows: [{ key: nextKey(), raw: "0", scale: "" }] }])}
          >
            Add a raw-to-scale table
          </Button>
        </div>
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
