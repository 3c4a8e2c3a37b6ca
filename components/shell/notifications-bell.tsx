"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { NotificationSummary } from "@/lib/notifications/unread";
import { formatDate } from "@/lib/shell/format";
import { cn } from "@/components/ui/cn";
import { Icon } from "./icons";

/**
 * The bell, its unread badge and a panel of the newest notifications. The count is in the button's
 * name, not only in the badge; Escape or a click elsewhere closes the panel.
 */
export function NotificationsBell({ count, items }: { count: number; items: NotificationSummary[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={count === 1 ? "Notifications, 1 unread" : `Notifications, ${count} unread`}
        onClick={() => setOpen((o) => !o)}
        className="relative inline-flex size-10 items-center justify-center rounded-md text-white hover:bg-white/10 aria-expanded:bg-white/15"
      >
        <Icon name="bell" className="size-6" />
        {count > 0 && (
          <span
            data-testid="unread-count"
            aria-hidden="true"
            className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-amber-300 px-1.5 text-center text-xs font-bold leading-5 text-slate-950"
          >
            {count > 99 ? "99+" : count}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="fixed inset-x-2 top-16 z-40 overflow-hidden rounded-lg bg-white text-slate-900 shadow-xl ring-1 ring-slate-200 tablet:absolute tablet:inset-x-auto tablet:right-0 tablet:top-12 tablet:w-96"
        >
          <p className="border-b border-slate-200 px-4 py-3 text-sm font-semibold">Notifications</p>
          {items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-600">You have no notifications.</p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {items.map((n) => (
                <li key={n.id} className={cn("px-4 py-3 text-sm", !n.acknowledged && "bg-brand-50")}>
                  <p className={cn("text-slate-900", !n.acknowledged && "font-medium")}>{n.message}</p>
                  <p className="mt-1 text-xs text-slate-600">
                    {formatDate(n.createdAt)}
                    {!n.acknowledged && <span className="ml-2 font-semibold text-brand-700">New</span>}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
