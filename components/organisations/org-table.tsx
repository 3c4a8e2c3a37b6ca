"use client";

import Link from "next/link";
import { DataTable, type ColumnDef } from "@/components/ui/data-table";

interface OrgTableRow {
  id: number;
  nameLabel: string;
  uniqueId: string | null;
  href: string;
  /** Districts only. */
  isCensus?: boolean;
}

const columns = (withCensus: boolean): ColumnDef<OrgTableRow, unknown>[] => [
  {
    accessorKey: "nameLabel",
    header: "Name",
    cell: ({ row }) => (
      <Link className="font-medium text-brand-700 underline-offset-2 hover:underline" href={row.original.href}>
        {row.original.nameLabel}
      </Link>
    ),
  },
  { accessorKey: "uniqueId", header: "Unique ID", cell: ({ getValue }) => (getValue() as string | null) ?? "—" },
  ...(withCensus
    ? [{ accessorKey: "isCensus", header: "Census", cell: ({ getValue }) => (getValue() ? "Yes" : "No") } satisfies ColumnDef<OrgTableRow, unknown>]
    : []),
];

/** The active children of one organisation (spec §9: lists show active=1), sortable and paged. */
export function OrgTable({ caption, rows, empty, withCensus = false }: { caption: string; rows: OrgTableRow[]; empty: string; withCensus?: boolean }) {
  return (
    <DataTable
      caption={caption}
      showCaption
      columns={columns(withCensus)}
      data={rows}
      pageSize={25}
      initialSorting={[{ id: "nameLabel", desc: false }]}
      getRowId={(row) => String(row.id)}
      empty={empty}
    />
  );
}
