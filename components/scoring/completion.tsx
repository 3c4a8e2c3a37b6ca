import { Progress } from "@/components/ui/card";
import { PlainTable } from "@/components/ui/plain-table";
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
    <PlainTable showCaption caption={caption} columns={[nameHeader, "Scored", "Completion"]} rows={rows} empty={empty}>
      {(r) => (
        <tr key={r.key} className="border-t border-slate-200">
          <th scope="row" className="font-normal text-slate-900">
            {r.label}
          </th>
          <td className="text-slate-700 tabular-nums">
            {formatNumber(r.scored)} / {formatNumber(r.expected)}
          </td>
          <td className="w-48">
            <Progress value={r.percent} label={`Completion of ${r.label}`} />
          </td>
        </tr>
      )}
    </PlainTable>
  );
}
