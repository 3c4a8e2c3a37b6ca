import { memo, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { gradeClass } from "./grade-colors";
import type { CellState, ScaleEntry } from "@/lib/scoring/screen-types";

export type ShownStatus = "saving" | "pending" | "saved" | "failed" | undefined;

interface CellProps {
  row: number;
  col: number;
  cell: CellState | undefined;
  entry: ScaleEntry | undefined;
  status: ShownStatus;
  active: boolean;
  readOnly: boolean;
  onActivate: (row: number, col: number) => void;
  children?: ReactNode;
}

const STATUS_TEXT: Record<NonNullable<ShownStatus>, string> = {
  saving: "saving",
  pending: "waiting to be sent",
  saved: "saved",
  failed: "not saved",
};

/** One grid cell: the grade's code in its colour, its save state, a mark for a comment or evidence. */
export const Cell = memo(function Cell({ row, col, cell, entry, status, active, readOnly, onActivate, children }: CellProps) {
  const failed = status === "failed";
  return (
    <td
      role="gridcell"
      tabIndex={active ? 0 : -1}
      data-row={row}
      data-col={col}
      data-status={status ?? "idle"}
      data-code={entry?.code ?? ""}
      aria-selected={active}
      aria-readonly={readOnly || undefined}
      title={failed ? cell?.message : entry ? `${entry.code}: ${entry.label}${cell?.comment ? ` · Comment: ${cell.comment}` : ""}` : undefined}
      onMouseDown={() => onActivate(row, col)}
      className={cn(
        "relative h-10 min-w-14 cursor-cell border-r border-b border-slate-200 p-0 text-center text-sm font-semibold tabular-nums outline-none",
        active && "z-10 outline-2 -outline-offset-2 outline-brand-600",
        failed && "bg-red-50 ring-2 ring-danger ring-inset",
        status === "pending" && "bg-amber-50",
      )}
    >
      {entry && (
        <span
          className={cn(
            "mx-auto inline-flex h-7 min-w-9 items-center justify-center rounded px-1.5",
            gradeClass(entry.code),
            status === "saving" && "opacity-60",
            status === "pending" && "outline-2 outline-amber-600 outline-dashed",
          )}
        >
          {entry.code}
        </span>
      )}
      {cell?.comment && <span aria-hidden="true" className="absolute top-0 right-0 size-0 border-t-8 border-l-8 border-t-brand-600 border-l-transparent" />}
      {cell && cell.artifactCount > 0 && (
        <span aria-hidden="true" className="absolute bottom-0.5 left-1 text-[10px] font-medium text-slate-600">
          {cell.artifactCount}
        </span>
      )}
      <StatusMark status={status} />
      {status && <span className="sr-only">, {STATUS_TEXT[status]}</span>}
      {cell?.comment && <span className="sr-only">, has a comment</span>}
      {children}
    </td>
  );
});

function StatusMark({ status }: { status: ShownStatus }) {
  if (status === "saving")
    return (
      <svg className="absolute right-0.5 bottom-0.5 size-3 animate-spin text-brand-600" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="4" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
    );
  if (status === "saved")
    return (
      <svg className="absolute right-0.5 bottom-0.5 size-3 text-success" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
        <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
      </svg>
    );
  if (status === "pending")
    return (
      <svg className="absolute right-0.5 bottom-0.5 size-3 text-warning" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 4v3.6l2.7 2.7-1.4 1.4L9 10.4V6h2Z" />
      </svg>
    );
  if (status === "failed")
    return (
      <svg className="absolute right-0.5 bottom-0.5 size-3 text-danger" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-1 4h2v5H9V6Zm0 6h2v2H9v-2Z" />
      </svg>
    );
  return null;
}
