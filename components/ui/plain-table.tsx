import type { ReactNode } from "react";

/**
 * A panel's small table, whose rows the caller renders (no sorting or paging; DataTable and
 * ServerTable do those): the scrolling region keyboard users can focus, a caption for screen readers,
 * the column heads and the row that stands in for none. Cells take their padding from here.
 */
export function PlainTable<T>({
  label,
  labelledBy,
  caption,
  columns,
  rows,
  empty,
  children,
}: {
  /** The region's name, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  caption: string;
  columns: ReactNode[];
  rows: readonly T[];
  /** Shown as the only row when there are none; leave it out where the caller shows an empty state instead. */
  empty?: ReactNode;
  /** A row's <tr>, with its key. */
  children: (row: T) => ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={label} aria-labelledby={labelledBy}>
      <table className="w-full border-collapse text-left text-sm [&_td]:px-4 [&_td]:py-2.5 [&_th]:px-4 [&_th]:py-2.5">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className="font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(children)}
          {rows.length === 0 && empty !== undefined && (
            <tr>
              <td colSpan={columns.length} className="py-6! text-center text-slate-600">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
