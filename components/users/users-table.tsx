"use client";

import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { Badge } from "@/components/ui/badge";
import { ServerTable, type ServerPage } from "@/components/ui/server-table";
import { rolesLabel, userPath } from "@/lib/users/labels";
import type { UserRow } from "@/lib/users/schemas";
import { ImpersonateButton } from "./impersonate-button";

/** Column ids are GET /users' sort values; a column sorts only with an accessor (the server sorts). */
function columns(selfId: number): ColumnDef<UserRow, unknown>[] {
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
        row.original.id !== selfId && row.original.enabled ? (
          <ImpersonateButton userId={row.original.id} name={`${row.original.firstName} ${row.original.lastName}`} />
        ) : null,
    },
  ];
}

interface Props extends ServerPage {
  users: UserRow[];
  selfId: number;
}

/** The server-paged, server-sorted user list: sorting and paging change the URL, the server answers. */
export function UsersTable({ users, selfId, ...page }: Props) {
  return (
    <ServerTable
      caption="Users"
      columns={columns(selfId)}
      rows={users}
      empty="No users match. Try another search or filter."
      getRowId={(row) => String(row.id)}
      {...page}
    />
  );
}
