"use client";

import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Progress } from "@/components/ui/card";
import { DataTable, type ColumnDef } from "@/components/ui/data-table";
import type { CollectionProgress, CollectionStatus } from "@/lib/dashboards/completion";
import { formatDate, formatNumber } from "@/lib/shell/format";

const statusTone: Record<CollectionStatus, BadgeTone> = { Open: "success", Upcoming: "info", Closed: "neutral" };

const columns: ColumnDef<CollectionProgress, unknown>[] = [
  {
    accessorKey: "name",
    header: "Collection",
    cell: ({ row }) => (
      <div className="min-w-48">
        <p className="font-medium text-slate-900">{row.original.name}</p>
        <p className="text-xs text-slate-600">
          {row.original.assessmentName} · {row.original.schoolYear}
        </p>
      </div>
    ),
  },
  {
    accessorKey: "family",
    header: "Type",
    cell: ({ getValue }) => <Badge tone="brand">{getValue() as string}</Badge>,
  },
  {
    accessorKey: "cycleStartDate",
    header: "Window",
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {formatDate(row.original.cycleStartDate)} – {formatDate(row.original.cycleEndDate)}
      </span>
    ),
  },
  {
    accessorKey: "status",
    header: "Status",
    cell: ({ getValue }) => <Badge tone={statusTone[getValue() as CollectionStatus]}>{getValue() as string}</Badge>,
  },
  {
    accessorKey: "students",
    header: "Students",
    cell: ({ getValue }) => <span className="tabular-nums">{formatNumber(getValue() as number)}</span>,
  },
  {
    accessorKey: "completion",
    header: "Completion",
    cell: ({ row }) => (
      <div className="min-w-40">
        <Progress value={row.original.completion} label={`Completion of ${row.original.name}`} />
        <p className="mt-1 text-xs text-slate-600">
          {formatNumber(row.original.scored)} of {formatNumber(row.original.students * row.original.items)} scores
        </p>
      </div>
    ),
  },
];

/** Collections with their completion, sortable and paged. */
export function CollectionsTable({ caption, collections, empty }: { caption: string; collections: CollectionProgress[]; empty: string }) {
  return <DataTable caption={caption} showCaption columns={columns} data={collections} empty={empty} getRowId={(r) => String(r.id)} />;
}
