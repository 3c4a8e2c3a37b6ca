"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import type { LiveTransport } from "@/lib/notifications/live/channel";
import { notificationHref, type NotificationArea } from "@/lib/notifications/links";
import { formatDate } from "@/lib/shell/format";
import { cn } from "@/components/ui/cn";
import { Icon } from "./icons";
import { acknowledge, remove, useLiveNotifications, type BellItem } from "./live-notifications";

interface BellProps {
  count: number;
  items: BellItem[];
  live: LiveTransport;
  /** The part of the product the person works in, for the notifications' links. */
  area: NotificationArea;
}

const unreadLabel = (count: number) => (count === 1 ? "1 unread" : `${count} unread`);

/**
 * The bell, its unread badge and a panel of the newest notifications, kept up to date live. The count
 * is in the button's name, not only in the badge, and a rise is announced politely. Clicking a
 * notification acknowledges it, and one about something with a page of its own is a link there; each
 * has its own Remove button. Escape or a click elsewhere closes.
 */
export function NotificationsBell({ count: initialCount, items: initialItems, live, area }: BellProps) {
  const { count, items } = useLiveNotifications({ count: initialCount, items: initialItems }, live);
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const previous = useRef(count);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (count > previous.current) setAnnouncement(`New notification. ${unreadLabel(count)}.`);
    previous.current = count;
  }, [count]);

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

  /** After a removal the focus stays in the panel: on the next notification's button, else the bell. */
  function removeAndRefocus(item: BellItem, index: number) {
    const next = items[index + 1] ?? items[index - 1];
    void remove(item.id);
    setTimeout(() => (next ? root.current?.querySelector<HTMLElement>(`[data-notification="${next.id}"]`) : button.current)?.focus(), 0);
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Notifications, ${unreadLabel(count)}`}
        onClick={() => setOpen((o) => !o)}
        className="relative inline-flex size-10 items-center justify-center rounded-md text-white hover:bg-white/10 aria-expanded:bg-white/15"
      >
        <Icon name="bell" className="size-6" />
        {count > 0 && (
          <span
            data-testid="unread-count"
            aria-hidden="true"
            className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-amber-300 px-1.5 text-center text-xs leading-5 font-bold text-slate-950"
          >
            {count > 99 ? "99+" : count}
          </span>
        )}
      </button>
      <span className="sr-only" role="status" aria-live="polite">
        {announcement}
      </span>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="fixed inset-x-2 top-16 z-40 overflow-hidden rounded-lg bg-white text-slate-900 shadow-xl ring-1 ring-slate-200 tablet:absolute tablet:inset-x-auto tablet:top-12 tablet:right-0 tablet:w-96"
        >
          <p className="border-b border-slate-200 px-4 py-3 text-sm font-semibold">Notifications</p>
          {items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-600">You have no notifications.</p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {items.map((n, index) => (
                <li key={n.id} className={cn("flex items-start gap-1 text-sm", !n.acknowledged && "bg-brand-50")}>
                  <BellEntry item={n} href={notificationHref(n.type, n.metadata, area)} onFollow={() => setOpen(false)} />
                  <button
                    type="button"
                    onClick={() => removeAndRefocus(n, index)}
                    aria-label={`Remove notification: ${n.message}`}
                    className="m-2 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                  >
                    <Icon name="close" className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Link
            href="/notifications"
            onClick={() => setOpen(false)}
            className="block border-t border-slate-200 px-4 py-3 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            See all notifications
          </Link>
        </div>
      )}
    </div>
  );
}

/** One notification of the panel: a link to its page when it has one, else a button; either acknowledges it. */
function BellEntry({ item, href, onFollow }: { item: BellItem; href: string | null; onFollow: () => void }) {
  const className = "min-w-0 flex-1 px-4 py-3 text-left hover:bg-slate-50";
  const body = (
    <>
      <span className={cn("block text-slate-900", !item.acknowledged && "font-medium", href && "underline decoration-slate-300 underline-offset-2")}>
        {item.message}
      </span>{" "}
      <span className="mt-1 block text-xs text-slate-600">
        {formatDate(item.createdAt)}
        {!item.acknowledged && <span className="ml-2 font-semibold text-brand-700">New</span>}
      </span>
    </>
  );
  const seen = () => !item.acknowledged && void acknowledge(item.id);
  if (!href) {
    return (
      <button type="button" data-notification={item.id} onClick={seen} className={className}>
        {body}
      </button>
    );
  }
  return (
    <Link
      href={href}
      data-notification={item.id}
      onClick={() => {
        seen();
        onFollow();
      }}
      className={className}
    >
      {body}
    </Link>
  );
}
