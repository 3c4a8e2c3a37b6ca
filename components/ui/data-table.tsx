"use client";

import { getCoreRowModel, getPaginationRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from "@tanstack/react-table";
import { useId, useState, type ReactNode } from "react";
import { Button } from "./button";
import { TableRows } from "./table-rows";

export type { ColumnDef } from "@tanstack/react-table";

interface DataTableProps<T> {
  /** The table's name; shown as a heading above it with showCaption, else read by screen readers only. */
  caption: string;
  showCaption?: boolean;
  columns: ColumnDef<T, unknown>[];
  data: T[];
  pageSize?: number;
  initialSorting?: SortingState;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  getRowId?: (row: T, index: number) => string;
}

const PAGE_SIZES = [10, 25, 50, 100];

/** A sortable, paged table. Columns opt out of sorting with enableSorting: false. */
export function DataTable<T>({ caption, showCaption, columns, data, pageSize = 10, initialSorting = [], empty, getRowId }: DataTableProps<T>) {
  const headingId = useId();
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize });
  // TanStack's hook returns functions the React Compiler cannot memoise; it is the library's documented use.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    state: { sorting, pagination },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  const total = data.length;
  const first = total === 0 ? 0 : pagination.pageIndex * pagination.pageSize + 1;
  const last = Math.min(total, (pagination.pageIndex + 1) * pagination.pageSize);

  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      {showCaption && (
        <h2 id={headingId} className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
          {caption}
        </h2>
      )}
      {/* The scroll box is focusable so keyboard users can scroll a table wider than the screen. */}
      <div
        className="overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-labelledby={showCaption ? headingId : undefined}
        aria-label={showCaption ? undefined : caption}
      >
        <table className="w-full border-collapse text-left text-sm" aria-labelledby={showCaption ? headingId : undefined}>
          {!showCaption && <caption className="sr-only">{caption}</caption>}
          <TableRows table={table} empty={empty ?? "No records to show."} />
        </table>
      </div>
      {total > PAGE_SIZES[0] && (
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-2.5 text-sm text-slate-700">
          <label className="flex items-center gap-2">
            Rows per page
            <select
              className="h-8 rounded-md border border-slate-400 bg-white px-2"
              value={pagination.pageSize}
              onChange={(e) => setPagination({ pageIndex: 0, pageSize: Number(e.target.value) })}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <div className="flex items-center gap-3">
            <span aria-live="polite">
              {first}–{last} of {total}
            </span>
            <Button variant="secondary" size="sm" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
              Previous
            </Button>
            <Button variant="secondary" size="sm" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
              Next
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
