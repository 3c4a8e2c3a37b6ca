"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";
import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from "@tanstack/react-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TableRows } from "@/components/ui/table-rows";
import { rolesLabel, userPath } from "@/lib/users/labels";
import type { UserRow } from "@/lib/users/schemas";
import { ImpersonateButton } from "./impersonate-button";

/** Column ids are GET /users' sort values; a column sorts only with an accessor (the server sorts). */
function columns(selfId: number): ColumnDef<UserRow>[] {
  return [
    {
      id: "lastName",
      header: "Last name",
      accessorKey: "lastName",
      cell: ({ row }) => (
        <Link className="font-medium text-brand-700 underline-offset-2 hover:underline" href={userPath(row.original.id)}>
          {row.original.lastName}
        </Link>
      ),
    },
    { id: "firstName", header: "First name", accessorKey: "firstName" },
    { id: "email", header: "Email", accessorKey: "email" },
    { id: "roles", header: "Roles", enableSorting: false, cell: ({ row }) => rolesLabel(row.original.roles) },
    {
      id: "status",
      header: "Status",
      accessorKey: "isActive",
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-1">
          <Badge tone={row.original.enabled ? "success" : "neutral"}>{row.original.isActive}</Badge>
          {row.original.locked && <Badge tone="danger">Locked</Badge>}
          {!row.original.registered && <Badge tone="warning">Invited</Badge>}
        </span>
      ),
    },
    {
      id: "actions",
      header: "Actions",
      enableSorting: false,
      cell: ({ row }) =>
        row.original.id !== selfId && row.original.enabled ? <ImpersonateButton userId={row.original.id} name={`${row.original.firstName} ${row.original.lastName}`} /> : null,
    },
  ];
}

interface Props {
  users: UserRow[];
  total: number;
  page: number;
  pageSize: number;
  sort: string;
  order: "asc" | "desc";
  selfId: number;
}

/** The server-paged, server-sorted user list: sorting and paging change the URL, the server answers. */
export function UsersTable({ users, total, page, pageSize, sort, order, selfId }: Props) {
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
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: users,
    columns: columns(selfId),
    state: { sorting },
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    onSortingChange: (updater) => {
      const [s] = typeof updater === "function" ? updater(sorting) : updater;
      if (s) go({ sort: s.id, order: s.desc ? "desc" : "asc", page: "1" });
    },
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
  });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white" aria-busy={pending}>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Users">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Users</caption>
          <TableRows table={table} empty="No users match. Try another search or filter." />
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
