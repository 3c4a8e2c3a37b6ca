"use client";

import { DataTable, type ColumnDef } from "@/components/ui/data-table";
import type { LocationAssignment } from "@/lib/collections/admin-schemas";

const columns: ColumnDef<LocationAssignment, unknown>[] = [
  { accessorKey: "nameLabel", header: "Location" },
  { accessorKey: "uniqueId", header: "Unique ID", cell: ({ getValue }) => (getValue() as string | null) ?? "—" },
  { accessorKey: "studentEnrollmentCount", header: "Students" },
  { accessorKey: "assignmentCount", header: "Assignments" },
];

/** The locations the collection covers: active enrollments (students) and, of those, the children assigned. */
export function LocationCounts({ rows }: { rows: LocationAssignment[] }) {
  return (
    <DataTable
      caption="Locations covered"
      showCaption
      columns={columns}
      data={rows}
      pageSize={25}
      initialSorting={[{ id: "nameLabel", desc: false }]}
      getRowId={(row) => String(row.id)}
      empty="The collection reaches no location yet."
    />
  );
}
