"use client";

import { flexRender, type Table } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * The head and body of a TanStack table, shared by the browser-paged DataTable and the server-paged
 * lists: sortable headers are buttons with aria-sort; `empty` stands in for no rows.
 */
export function TableRows<T>({ table, empty }: { table: Table<T>; empty: ReactNode }) {
  return (
    <>
      <thead className="bg-slate-50">
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id} className="border-b border-slate-200">
            {group.headers.map((header) => {
              const sortable = header.column.getCanSort();
              const sorted = header.column.getIsSorted();
              const label = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : sortable ? "none" : undefined}
                  className="px-4 py-2.5 font-semibold whitespace-nowrap text-slate-700"
                >
                  {sortable ? (
                    <button
                      type="button"
                      onClick={header.column.getToggleSortingHandler()}
                      className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-slate-900"
                    >
                      {label}
                      <SortIcon direction={sorted} />
                    </button>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id} className="border-b border-slate-100 last:border-0 hover:bg-slate-50">
            {row.getVisibleCells().map((cell) => (
              <td key={cell.id} className="px-4 py-3 align-middle text-slate-800">
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </td>
            ))}
          </tr>
        ))}
        {table.getRowModel().rows.length === 0 && (
          <tr>
            <td colSpan={table.getAllLeafColumns().length} className="px-4 py-10 text-center text-slate-600">
              {empty}
            </td>
          </tr>
        )}
      </tbody>
    </>
  );
}

function SortIcon({ direction }: { direction: false | "asc" | "desc" }) {
  return (
    <svg viewBox="0 0 12 16" className={cn("h-3.5 w-2.5", direction ? "text-slate-900" : "text-slate-400")} aria-hidden="true" fill="currentColor">
      <path d="M6 1 10.5 6h-9L6 1Z" opacity={direction === "desc" ? 0.3 : 1} />
      <path d="M6 15 1.5 10h9L6 15Z" opacity={direction === "asc" ? 0.3 : 1} />
    </svg>
  );
}
