import type { FieldRow } from "@/lib/platform/openapi/fields";
import type { ParameterRow } from "@/lib/platform/openapi/reference";
import { InlineCode } from "./inline-code";

// overflow-wrap: anywhere lets long names and types wrap, so the table never outgrows a phone's width.
const cell = "px-2 py-2 tablet:px-3 align-top [overflow-wrap:anywhere]";
const head = "px-2 py-2 tablet:px-3 text-left font-semibold text-slate-700";

/** A caption and a table of fields (or parameters, with their place): name, type, required, description. */
export function FieldTable({ caption, rows }: { caption: string; rows: (FieldRow | ParameterRow)[] }) {
  const withPlace = rows.some((row) => "in" in row);
  return (
    <table className="mt-4 w-full border-collapse text-sm">
      <caption className="mb-2 text-left text-sm font-semibold text-slate-900">{caption}</caption>
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <th scope="col" className={head}>
            Name
          </th>
          {withPlace && (
            <th scope="col" className={head}>
              In
            </th>
          )}
          <th scope="col" className={head}>
            Type
          </th>
          <th scope="col" className={head}>
            Required
          </th>
          <th scope="col" className={head}>
            Description
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} className="border-b border-slate-100 last:border-0">
            <th scope="row" className={`${cell} text-left font-mono text-xs font-medium text-slate-900`}>
              {row.name}
            </th>
            {withPlace && <td className={`${cell} text-slate-700`}>{"in" in row ? row.in : ""}</td>}
            <td className={`${cell} font-mono text-xs text-slate-800`}>{row.type}</td>
            <td className={`${cell} text-slate-700`}>{row.required ? "Yes" : "No"}</td>
            <td className={`${cell} text-slate-700`}>{row.description ? <InlineCode text={row.description} /> : ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One table per shape a body may take (a union answers one of several). */
export function ShapeTables({ label, shapes }: { label: string; shapes: FieldRow[][] }) {
  return shapes.map((rows, i) => (
    <FieldTable key={i} caption={shapes.length > 1 ? `${label}, shape ${i + 1} of ${shapes.length}` : label} rows={rows} />
  ));
}
