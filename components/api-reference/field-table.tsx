import type { FieldRow } from "@/lib/platform/openapi/fields";
import type { ParameterRow } from "@/lib/platform/openapi/reference";
import { InlineCode } from "./inline-code";

// overflow-wrap: anywhere lets long names and types wrap, so the table never outgrows a 320 px screen;
// from tablets on, fixed columns line the tables of the page up.
const cell = "px-2 py-2 tablet:px-3 align-top [overflow-wrap:anywhere]";
const head = "px-2 py-2 tablet:px-3 text-left font-semibold text-slate-700";

/** A caption and a table of fields (or parameters, with their place): name, type and whether it is required, description. */
export function FieldTable({ caption, rows }: { caption: string; rows: (FieldRow | ParameterRow)[] }) {
  const withPlace = rows.some((row) => "in" in row);
  return (
    <table className="mt-4 w-full border-collapse text-sm tablet:table-fixed">
      <caption className="mb-2 text-left text-sm font-semibold text-slate-900">{caption}</caption>
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <th scope="col" className={`${head} tablet:w-1/4`}>
            Name
          </th>
          {withPlace && (
            <th scope="col" className={`${head} tablet:w-16`}>
              In
            </th>
          )}
          <th scope="col" className={`${head} tablet:w-1/3`}>
            Type
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
            <td className={cell}>
              <span className="font-mono text-xs text-slate-800">{row.type}</span>
              <span className="mt-0.5 block text-xs text-slate-600">{row.required ? "required" : "optional"}</span>
            </td>
            <td className={`${cell} text-slate-700`}>{row.description ? <InlineCode text={row.description} /> : ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One table per shape a body may take (a union answers one of several). */
export function ShapeTables({ label, shapes }: { label: string; shapes: FieldRow[][] }) {
  return shapes.map((rows, i) => <FieldTable key={i} caption={shapes.length > 1 ? `${label}, shape ${i + 1} of ${shapes.length}` : label} rows={rows} />);
}
