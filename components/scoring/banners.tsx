import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

const tones = {
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  danger: "border-red-300 bg-red-50 text-red-950",
  info: "border-brand-200 bg-brand-50 text-brand-900",
};

/** A one-line notice above the grid (offline, waiting changes, failures, closed window). */
export function Banner({ tone, children, action, testId }: { tone: keyof typeof tones; children: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className={cn("flex flex-wrap items-center justify-between gap-3 rounded-md border px-4 py-2.5 text-sm", tones[tone])}>
      <p className="font-medium">{children}</p>
      {action}
    </div>
  );
}
