"use client";

import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Progress } from "@/components/ui/card";
import { DataTable, type ColumnDef } from "@/components/ui/data-table";
import type { CollectionProgress, CollectionStatus } from "@/lib/dashboards/completion";
import { formatDate, formatNumber } from "@/lib/shell/format";

const statusTone: Record<CollectionStatus, BadgeTone> = { Open: "success", Upcoming: "info", Closed: "neutral" };

const columnsFor = (linkBase?: string): ColumnDef<CollectionProgress, unknown>[] => [
  {
    accessorKey: "name",
    header: "Collection",
    cell: ({ row }) => (
      <div className="min-w-44">
        {linkBase ? (
          <p className="flex flex-wrap items-baseline gap-x-3">
            <a className="font-medium text-brand-700 underline-offset-2 hover:underline" href={`${linkBase}/${row.original.id}/scoring`}>
              {row.original.name}
            </a>
            <a className="text-xs text-slate-700 underline underline-offset-2" href={`${linkBase}/${row.original.id}/completion`}>
              Completion<span className="sr-only"> of {row.original.name}</span>
            </a>
          </p>
        ) : (
          <p className="font-medium text-slate-900">{row.original.name}</p>
        )}
        <p className="text-xs text-slate-600">
          {row.original.assessmentName} · <span className="whitespace-nowrap">{row.original.schoolYear}</span>
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
      <span className="flex flex-col whitespace-nowrap">
        <span>{formatDate(row.original.cycleStartDate)} –</span>
        <span>{formatDate(row.original.cycleEndDate)}</span>
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
      <div className="w-40">
        <p className="mb-1 flex items-baseline justify-between gap-2 text-xs text-slate-600">
          <span className="text-sm font-semibold text-slate-900 tabular-nums">{row.original.completion}%</span>
          <span className="tabular-nums">
            {formatNumber(row.original.scored)} of {formatNumber(row.original.students * row.original.items)}
          </span>
        </p>
        <Progress value={row.original.completion} label={`Completion of ${row.original.name}`} hideValue />
      </div>
    ),
  },
];

/** Collections with their completion, sortable and paged; with linkBase, names open the scoring screen. */
export function CollectionsTable({
  caption,
  collections,
  empty,
  linkBase,
}: {
  caption: string;
  collections: CollectionProgress[];
  empty: string;
  linkBase?: string;
}) {
  return <DataTable caption={caption} showCaption columns={columnsFor(linkBase)} data={collections} empty={empty} getRowId={(r) => String(r.id)} />;
}
