"use client";

import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { ServerTable, type ServerPage } from "@/components/ui/server-table";
import type { StudentRow } from "@/lib/students/schemas";

/** Column ids are GET /students' sort values; a column sorts only with an accessor (the server does the sorting). */
const columns: ColumnDef<StudentRow, unknown>[] = [
  {
    id: "lastName",
    header: "Last name",
    accessorKey: "lastName",
    cell: ({ row }) => (
      <Link className="font-medium text-brand-700 underline-offset-2 hover:underline" href={`/administrator/students/${row.original.id}`}>
        {row.original.lastName}
      </Link>
    ),
  },
  { id: "firstName", header: "First name", accessorKey: "firstName" },
  { id: "stateId", header: "State ID", accessorKey: "tenantUniqueId" },
  { id: "dob", header: "Birth date", accessorKey: "dobDate", cell: ({ row }) => row.original.dobDate ?? "—" },
  {
    id: "age",
    header: "Age",
    enableSorting: false,
    cell: ({ row }) => (row.original.ageMonths === null ? "—" : `${row.original.ageYears} y ${row.original.ageMonths % 12} m`),
  },
  { id: "location", header: "Location", accessorKey: "locationName", cell: ({ row }) => row.original.locationName ?? "—" },
  { id: "status", header: "Status", enableSorting: false, accessorKey: "status" },
];

interface Props extends ServerPage {
  students: StudentRow[];
}

/** The server-paged, server-sorted student list: sorting and paging change the URL, the server answers. */
export function StudentsTable({ students, ...page }: Props) {
  return (
    <ServerTable
      caption="Students"
      columns={columns}
      rows={students}
      empty="No students match. Try another search or filter."
      getRowId={(row) => String(row.id)}
      {...page}
    />
  );
}
