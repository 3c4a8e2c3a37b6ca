import type { ReactNode } from "react";
import { Spinner } from "./button";
import { cn } from "./cn";

interface StateProps {
  title: string;
  children?: ReactNode;
  /** A button or link that helps the person on. */
  action?: ReactNode;
  className?: string;
}

const frame = "flex flex-col items-center justify-center gap-3 rounded-lg border px-6 py-10 text-center";

/** Nothing to show yet: says so plainly and, where there is one, offers the next step. */
export function EmptyState({ title, children, action, className }: StateProps) {
  return (
    <div className={cn(frame, "border-dashed border-slate-300 bg-white", className)}>
      <svg viewBox="0 0 24 24" className="size-8 text-slate-500" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9Z" strokeLinejoin="round" />
        <path d="m3 7.5 9 4.5 9-4.5M12 12v9" strokeLinejoin="round" />
      </svg>
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {children && <div className="max-w-md text-sm text-slate-600">{children}</div>}
      {action}
    </div>
  );
}

export function LoadingState({ title = "Loading…", className }: { title?: string; className?: string }) {
  return (
    <div className={cn(frame, "border-slate-200 bg-white", className)} role="status" aria-live="polite">
      <Spinner className="size-6 text-brand-600" />
      <p className="text-sm text-slate-700">{title}</p>
    </div>
  );
}

export function ErrorState({ title, children, action, className }: StateProps) {
  return (
    <div className={cn(frame, "border-red-200 bg-red-50", className)} role="alert">
      <svg viewBox="0 0 24 24" className="size-8 text-danger" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7.5v5.5M12 16.5v.01" strokeLinecap="round" />
      </svg>
      <p className="text-base font-semibold text-red-900">{title}</p>
      {children && <div className="max-w-md text-sm text-red-900">{children}</div>}
      {action}
    </div>
  );
}
