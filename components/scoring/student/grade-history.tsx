"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

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
      <div className="overflow-x-auto rounded-md border border-slate-200" tabIndex={0} role="region" aria-label="Grade changes">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Grade changes, newest first</caption>
          <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                When
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Item
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Grade
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Change
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                By
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.slice(0, shown).map((r) => (
              <tr key={r.id}>
                <td className="px-4 py-2 text-slate-800">
                  <span className="whitespace-nowrap">{r.date}</span> <span className="whitespace-nowrap text-slate-600">{r.time}</span>
                </td>
                <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                  {r.item}
                </th>
                <td className="px-4 py-2 text-slate-800 tabular-nums">{r.grade}</td>
                <td className="px-4 py-2 text-slate-800">{r.action}</td>
                <td className="px-4 py-2 text-slate-800">{r.person}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
