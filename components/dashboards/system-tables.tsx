"use client";

import { Badge } from "@/components/ui/badge";
import { DataTable, type ColumnDef } from "@/components/ui/data-table";
import type { AssessmentSummary, SchoolYearSummary, TenantSummary } from "@/lib/dashboards/system";
import { formatDate, formatNumber } from "@/lib/shell/format";

const count = ({ getValue }: { getValue: () => unknown }) => <span className="tabular-nums">{formatNumber(getValue() as number)}</span>;

const tenantColumns: ColumnDef<TenantSummary, unknown>[] = [
  { accessorKey: "name", header: "Tenant", cell: ({ getValue }) => <span className="font-medium text-slate-900">{getValue() as string}</span> },
  { accessorKey: "slug", header: "Host prefix", cell: ({ getValue }) => <code className="text-xs text-slate-700">{getValue() as string}</code> },
  { accessorKey: "users", header: "Users", cell: count },
  { accessorKey: "students", header: "Students", cell: count },
  { accessorKey: "collections", header: "Collections", cell: count },
];

const assessmentColumns: ColumnDef<AssessmentSummary, unknown>[] = [
  { accessorKey: "name", header: "Assessment", cell: ({ getValue }) => <span className="font-medium text-slate-900">{getValue() as string}</span> },
  { accessorKey: "family", header: "Type", cell: ({ getValue }) => <Badge tone="brand">{getValue() as string}</Badge> },
  { accessorFn: (a) => a.tenantName ?? "All tenants", id: "tenant", header: "Offered to" },
  { accessorKey: "items", header: "Items", cell: count },
];

const yearColumns: ColumnDef<SchoolYearSummary, unknown>[] = [
  {
    accessorKey: "label",
    header: "School year",
    cell: ({ row }) => (
      <span className="flex items-center gap-2 font-medium text-slate-900">
        {row.original.label}
        {row.original.current && <Badge tone="success">Current</Badge>}
      </span>
    ),
  },
  { accessorKey: "startDate", header: "Starts", cell: ({ getValue }) => formatDate(getValue() as string) },
  { accessorKey: "endDate", header: "Ends", cell: ({ getValue }) => formatDate(getValue() as string) },
  { accessorKey: "collections", header: "Collections", cell: count },
];

export function TenantsTable({ tenants }: { tenants: TenantSummary[] }) {
  return <DataTable caption="Tenants" showCaption columns={tenantColumns} data={tenants} getRowId={(t) => String(t.id)} empty="No tenants yet." />;
}

export function AssessmentsTable({ assessments }: { assessments: AssessmentSummary[] }) {
  return (
    <DataTable caption="Assessments" showCaption columns={assessmentColumns} data={assessments} getRowId={(a) => String(a.id)} empty="No assessments yet." />
  );
}

export function SchoolYearsTable({ years }: { years: SchoolYearSummary[] }) {
  return <DataTable caption="School years" showCaption columns={yearColumns} data={years} getRowId={(y) => String(y.id)} empty="No school years yet." />;
}
