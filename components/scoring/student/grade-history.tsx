"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { PlainTable } from "@/components/ui/plain-table";

export interface HistoryRow {
  id: number;
  item: string;
  grade: string;
  action: string;
  person: string;
  date: string;
  time: string;
}

const PAGE = 25;

/** The child's grade changes, newest first, 25 at a time. */
export function GradeHistory({ rows }: { rows: HistoryRow[] }) {
  const [shown, setShown] = useState(PAGE);
  if (!rows.length) return <p className="text-sm text-slate-600">No grade has been entered for this child in this collection yet.</p>;
  return (
    <div className="flex flex-col gap-3">
      <PlainTable label="Grade changes" caption="Grade changes, newest first" columns={["When", "Item", "Grade", "Change", "By"]} rows={rows.slice(0, shown)}>
        {(r) => (
          <tr key={r.id} className="border-t border-slate-200">
            <td className="text-slate-800">
              <span className="whitespace-nowrap">{r.date}</span> <span className="whitespace-nowrap text-slate-600">{r.time}</span>
            </td>
            <th scope="row" className="font-medium text-slate-900">
              {r.item}
            </th>
            <td className="text-slate-800 tabular-nums">{r.grade}</td>
            <td className="text-slate-800">{r.action}</td>
            <td className="text-slate-800">{r.person}</td>
          </tr>
        )}
      </PlainTable>
      <div className="flex flex-wrap items-center gap-4 text-sm text-slate-700">
        <span aria-live="polite">
          Showing {Math.min(shown, rows.length)} of {rows.length} changes
        </span>
        {shown < rows.length && (
          <Button variant="secondary" size="sm" onClick={() => setShown((n) => n + PAGE)}>
            Show more
          </Button>
        )}
      </div>
    </div>
  );
}
