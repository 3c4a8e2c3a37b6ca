"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { acknowledge, remove, type BellItem } from "@/components/shell/live-notifications";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/states";
import { notificationHref, type NotificationArea } from "@/lib/notifications/links";
import { formatDate } from "@/lib/shell/format";

/**
 * The notifications page: the person's newest 200, each acknowledged by 'Mark as read' and removed by
 * 'Remove'. The calls go through the bell's store, so the header's badge follows at once. After a
 * removal the focus moves to the next notification's first button (or the heading of the list). A
 * notification about something with a page of its own links there; following it marks it read.
 */
export function NotificationsList({ items: initial, unread: initialUnread, area }: { items: BellItem[]; unread: number; area: NotificationArea }) {
  const [items, setItems] = useState(initial);
  const [unread, setUnread] = useState(initialUnread);
  const [status, setStatus] = useState("");
  const list = useRef<HTMLUListElement>(null);

  function markRead(item: BellItem) {
    setItems((all) => all.map((n) => (n.id === item.id ? { ...n, acknowledged: true } : n)));
    setUnread((n) => Math.max(0, n - 1));
    setStatus(`Marked as read: ${item.message}`);
    void acknowledge(item.id);
  }

  function drop(item: BellItem, index: number) {
    const next = items[index + 1] ?? items[index - 1];
    setItems((all) => all.filter((n) => n.id !== item.id));
    if (!item.acknowledged) setUnread((n) => Math.max(0, n - 1));
    setStatus(`Removed: ${item.message}`);
    void remove(item.id);
    setTimeout(
      () =>
        (next ? list.current?.querySelector<HTMLElement>(`[data-notification="${next.id}"] button`) : document.getElementById("notifications-unread"))?.focus(),
      0,
    );
  }

  return (
    <Card title="All notifications">
      <span className="sr-only" role="status" aria-live="polite">
        {status}
      </span>
      <p id="notifications-unread" tabIndex={-1} className="mb-3 text-sm text-slate-700">
        {unread === 1 ? "1 unread" : `${unread} unread`}
      </p>
      {items.length === 0 ? (
        <EmptyState title="You have no notifications." />
      ) : (
        <ul ref={list} aria-label="All notifications" className="divide-y divide-slate-200">
          {items.map((n, index) => (
            <li
              key={n.id}
              data-notification={n.id}
              className={cn("flex flex-col gap-2 px-2 py-3 tablet:flex-row tablet:items-center", !n.acknowledged && "bg-brand-50")}
            >
              <div className="min-w-0 flex-1">
                <NotificationMessage item={n} href={notificationHref(n.type, n.metadata, area)} onFollow={() => !n.acknowledged && markRead(n)} />
                <p className="mt-0.5 text-xs text-slate-600">
                  {formatDate(n.createdAt)}
                  {!n.acknowledged && <span className="ml-2 font-semibold text-brand-700">New</span>}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                {!n.acknowledged && (
                  <Button type="button" size="sm" variant="secondary" onClick={() => markRead(n)} aria-label={`Mark as read: ${n.message}`}>
                    Mark as read
                  </Button>
                )}
                <Button type="button" size="sm" variant="ghost" onClick={() => drop(n, index)} aria-label={`Remove notification: ${n.message}`}>
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function NotificationMessage({ item, href, onFollow }: { item: BellItem; href: string | null; onFollow: () => void }) {
  const text = cn("text-sm break-words text-slate-900", !item.acknowledged && "font-medium");
  if (!href) return <p className={text}>{item.message}</p>;
  return (
    <p className={text}>
      <Link href={href} onClick={onFollow} className="underline decoration-slate-400 underline-offset-2 hover:text-brand-700 hover:decoration-brand-700">
        {item.message}
      </Link>
    </p>
  );
}
