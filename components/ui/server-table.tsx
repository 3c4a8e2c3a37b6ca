"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition, type ReactNode } from "react";
import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from "@tanstack/react-table";
import { Button } from "./button";
import { TableRows } from "./table-rows";

export interface ServerPage {
  total: number;
  page: number;
  pageSize: number;
  /** The sort column's id (the API's sort value) and direction. */
  sort: string;
  order: "asc" | "desc";
}

interface ServerTableProps<T> extends ServerPage {
  /** The table's name, read by screen readers (caption and scroll region). */
  caption: string;
  /** Column ids are the API's sort values; a column sorts only with an accessor. */
  columns: ColumnDef<T, unknown>[];
  rows: T[];
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  getRowId: (row: T) => string;
}

/**
 * The wiring of a list the server pages and sorts (beside the browser-paged DataTable): the page,
 * sort and order live in the URL; sorting or paging pushes a new URL and the server answers the page.
 * Filters are the page's own form, which keeps the other URL parameters.
 */
export function ServerTable<T>({ caption, columns, rows, empty, getRowId, total, page, pageSize, sort, order }: ServerTableProps<T>) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const go = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    startTransition(() => router.push(`${pathname}?${next.toString()}`));
  };
  const sorting: SortingState = [{ id: sort, desc: order === "desc" }];
  // TanStack's hook returns functions the React Compiler cannot memoise; it is the library's documented use.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    onSortingChange: (updater) => {
      const [s] = typeof updater === "function" ? updater(sorting) : updater;
      if (s) go({ sort: s.id, order: s.desc ? "desc" : "asc", page: "1" });
    },
    getCoreRowModel: getCoreRowModel(),
    getRowId,
  });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white" aria-busy={pending}>
      {/* The scroll box is focusable so keyboard users can scroll a table wider than the screen. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <TableRows table={table} empty={empty} />
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-2.5 text-sm text-slate-700">
        <span aria-live="polite">
          {first}–{last} of {total.toLocaleString("en-US")}
        </span>
        <div className="flex items-center gap-3">
          <Button variant="secondary" size="sm" onClick={() => go({ page: String(page - 1) })} disabled={page <= 1 || pending}>
            Previous
          </Button>
          <span>
            Page {page} of {pages.toLocaleString("en-US")}
          </span>
          <Button variant="secondary" size="sm" onClick={() => go({ page: String(page + 1) })} disabled={page >= pages || pending}>
            Next
          </Button>
        </div>
      </div>
    </div>
  );
}
