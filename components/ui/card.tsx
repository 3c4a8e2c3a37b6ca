import type { ReactNode } from "react";
import { cn } from "./cn";

/** A titled white panel; the title is an h2 so pages keep a sound heading order. */
export function Card({ title, actions, children, className }: { title?: string; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={cn("rounded-lg border border-slate-200 bg-white shadow-xs", className)} aria-label={title}>
      {(title || actions) && (
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3">
          {title && <h2 className="text-base font-semibold text-slate-900">{title}</h2>}
          {actions}
        </div>
      )}
      <div className="p-5">{children}</div>
    </section>
  );
}

/** One figure of a dashboard: a label and its value, with an optional line of context. */
export function Stat({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-5 py-4 shadow-xs">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {detail && <dd className="mt-1 text-xs text-slate-600">{detail}</dd>}
    </div>
  );
}

/** A completion bar with its percentage as text (the bar alone is not enough for everyone); hideValue when the caller shows it. */
export function Progress({ value, label, hideValue }: { value: number; label: string; hideValue?: boolean }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="flex items-center gap-3">
      <div
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={label}
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        {/* An SVG width, not a style attribute: the CSP refuses inline styles in server-rendered HTML. */}
        <svg className="block h-full w-full" aria-hidden="true">
          <rect width={`${pct}%`} height="100%" rx="4" className={pct >= 100 ? "fill-success" : "fill-brand-600"} />
        </svg>
      </div>
      {!hideValue && <span className="w-10 text-right text-sm text-slate-700 tabular-nums">{pct}%</span>}
    </div>
  );
}
