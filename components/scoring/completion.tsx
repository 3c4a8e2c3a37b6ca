import { Progress } from "@/components/ui/card";
import { formatNumber } from "@/lib/shell/format";

interface Row {
  key: number;
  label: string;
  scored: number;
  expected: number;
  percent: number;
}

/** Labelled completion bars (domains, sets): the figures as text beside each bar. */
export function CompletionList({ rows, empty }: { rows: Row[]; empty: string }) {
  if (!rows.length) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="flex flex-col gap-4">
      {rows.map((r) => (
        <li key={r.key}>
          <p className="mb-1 flex items-baseline justify-between gap-3 text-sm">
            <span className="font-medium text-slate-900">{r.label}</span>
            <span className="text-slate-600 tabular-nums">
              {formatNumber(r.scored)} of {formatNumber(r.expected)}
            </span>
          </p>
          <Progress value={r.percent} label={`Completion of ${r.label}`} />
        </li>
      ))}
    </ul>
  );
}

/** A captioned table of completion rows (children, items) with a bar per row. */
export function CompletionTable({ caption, nameHeader, rows, empty }: { caption: string; nameHeader: string; rows: Row[]; empty: string }) {
  return (
    <section className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs" aria-label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="border-b border-slate-200 px-5 py-3 text-left text-base font-semibold text-slate-900">{caption}</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-5 py-2 font-medium">
              {nameHeader}
            </th>
            <th scope="col" className="px-5 py-2 font-medium">
              Scored
            </th>
            <th scope="col" className="w-48 px-5 py-2 font-medium">
              Completion
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 && (
            <tr>
              <td colSpan={3} className="px-5 py-6 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          )}
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row" className="px-5 py-2 font-normal text-slate-900">
                {r.label}
              </th>
              <td className="px-5 py-2 text-slate-700 tabular-nums">
                {formatNumber(r.scored)} / {formatNumber(r.expected)}
              </td>
              <td className="px-5 py-2">
                <Progress value={r.percent} label={`Completion of ${r.label}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
