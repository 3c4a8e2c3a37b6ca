import { useId, type ReactNode } from "react";

/** A column head, or one whose cells are right-aligned figures (the caller aligns the cells too). */
export type PlainColumn = ReactNode | { label: ReactNode; align: "right" };

const isAligned = (column: PlainColumn): column is { label: ReactNode; align: "right" } => typeof column === "object" && column !== null && "align" in column;

/**
 * A panel's small table, whose rows the caller renders (no sorting or paging; DataTable and
 * ServerTable do those): the scrolling region keyboard users can focus, a caption (for screen readers,
 * or shown as the table's title), the column heads and the row that stands in for none. Cells take
 * their padding from here.
 */
export function PlainTable<T>({
  label,
  labelledBy,
  caption,
  showCaption = false,
  bare = false,
  columns,
  rows,
  empty,
  children,
}: {
  /** The region's name, or the id of the heading that names it; without either, the caption names it. */
  label?: string;
  labelledBy?: string;
  caption: ReactNode;
  /** The caption is the table's visible title rather than for screen readers only. */
  showCaption?: boolean;
  /** No border of its own, where a dialog or the page already frames the table. */
  bare?: boolean;
  columns: PlainColumn[];
  rows: readonly T[];
  /** Shown as the only row when there are none; leave it out where the caller shows an empty state instead. */
  empty?: ReactNode;
  /** A row's <tr>, with its key (the index, where rows may repeat). */
  children: (row: T, index: number) => ReactNode;
}) {
  const captionId = useId();
  return (
    <div
      className={bare ? "overflow-x-auto" : "overflow-x-auto rounded-lg border border-slate-200 bg-white"}
      tabIndex={0}
      role="region"
      aria-label={label}
      aria-labelledby={label ? undefined : (labelledBy ?? captionId)}
    >
      <table className="w-full border-collapse text-left text-sm [&_td]:px-4 [&_td]:py-2.5 [&_th]:px-4 [&_th]:py-2.5">
        <caption id={captionId} className={showCaption ? "px-4 py-3 text-left text-base font-semibold text-slate-900" : "sr-only"}>
          {caption}
        </caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={isAligned(column) ? "text-right font-semibold" : "font-semibold"}>
                {isAligned(column) ? column.label : column}
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
