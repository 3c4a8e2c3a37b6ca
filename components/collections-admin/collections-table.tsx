"use client";

import Link from "next/link";
import { DataTable, type ColumnDef } from "@/components/ui/data-table";

export interface CollectionListRow {
  id: number;
  name: string;
  href: string;
  assessment: string;
  schoolYear: string;
  cycleStart: string;
  cycleEnd: string;
  enrollmentEnd: string;
  /** Per-level listings: the level of the assignment that reaches the organisation. */
  assignedAt?: string;
}

const text = (key: keyof CollectionListRow, header: string): ColumnDef<CollectionListRow, unknown> => ({ accessorKey: key, header });

function columns(withLevel: boolean): ColumnDef<CollectionListRow, unknown>[] {
  return [
    {
      accessorKey: "name",
      header: "Collection",
      cell: ({ row }) => (
        <Link className="font-medium text-brand-700 underline-offset-2 hover:underline" href={row.original.href}>
          {row.original.name}
        </Link>
      ),
    },
    text("assessment", "Assessment"),
    text("schoolYear", "School year"),
    text("cycleStart", "Cycle start"),
    text("cycleEnd", "Cycle end"),
    text("enrollmentEnd", "Enrollment end"),
    ...(withLevel ? [text("assignedAt", "Assigned at")] : []),
  ];
}

/** Collections of one level (the state, a region, a district or a location), newest window first. */
export function CollectionsTable({ caption, rows, empty, withLevel }: { caption: string; rows: CollectionListRow[]; empty: string; withLevel: boolean }) {
  return <DataTable caption={caption} showCaption columns={columns(withLevel)} data={rows} pageSize={25} getRowId={(row) => String(row.id)} empty={empty} />;
}
