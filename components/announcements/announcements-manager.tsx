"use client";

import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/states";
import { useManagerDialogs, type ManagerTexts } from "@/components/ui/use-manager-dialogs";
import type { Announcement } from "@/lib/announcements/schemas";
import { STATUS_STYLES } from "@/lib/announcements/status";
import { formatDate } from "@/lib/shell/format";
import { AnnouncementDialog, type AnnouncementValues } from "./announcement-dialog";

const PATH = "/announcements";

/** The spec's texts (§8): success as written; a failure shows the server's message. */
const TEXTS: ManagerTexts = {
  create: { ok: "Announcement successfully created" },
  update: { ok: "Announcement successfully updated" },
  delete: { ok: "Announcement successfully deleted" },
};

const styleOf = (a: Announcement) => STATUS_STYLES[a.status ?? "unknown"];
const date = (seconds: number) => formatDate(new Date(seconds * 1000));

/** The tenant's announcements with their status and colour; create, edit and delete in dialogs. */
export function AnnouncementsManager({ announcements }: { announcements: Announcement[] }) {
  const { editing, formKey, deleting, busy, errors, newButton, openForm, closeForm, askDelete, closeDelete, save, confirmDelete } =
    useManagerDialogs<Announcement>(TEXTS);

  return (
    <Card
      title="All announcements"
      actions={
        <Button ref={newButton} size="sm" className="shrink-0 whitespace-nowrap" onClick={() => openForm("new")}>
          New announcement
        </Button>
      }
    >
      {announcements.length === 0 ? (
        <EmptyState title="No announcements yet">Post one to tell every teacher about a window opening, a training day or a change of plan.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Announcements">
          {announcements.map((a) => (
            <li
              key={a.id}
              data-status={styleOf(a).label}
              className={cn(
                "flex flex-col gap-3 rounded-md border border-l-4 border-slate-200 bg-white px-4 py-3 tablet:flex-row tablet:items-start tablet:justify-between",
                styleOf(a).accent,
              )}
            >
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <h3 className="font-semibold text-slate-900">{a.title}</h3>
                  <span className={cn("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset", styleOf(a).badge)}>
                    {styleOf(a).label}
                  </span>
                </div>
                <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{a.text}</p>
                <p className="mt-1 text-xs text-slate-600">
                  {date(a.startDate)} – {date(a.endDate)}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button size="sm" variant="secondary" onClick={() => openForm(a)}>
                  Edit<span className="sr-only"> {a.title}</span>
                </Button>
                <Button size="sm" variant="secondary" onClick={() => askDelete(a)}>
                  Delete<span className="sr-only"> {a.title}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <AnnouncementDialog
          key={formKey}
          open
          onOpenChange={(open) => !open && closeForm()}
          initial={editing === "new" ? null : editing}
          busy={busy}
          errors={errors}
          onSubmit={(values: AnnouncementValues) =>
            save({ method: "POST", path: PATH, body: values }, (a) => ({ method: "PUT", path: PATH, body: { id: a.id, ...values } }))
          }
        />
      )}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && closeDelete()}
        title="Delete announcement"
        size="sm"
        description={deleting ? `Delete "${deleting.title}"? Teachers will no longer see it.` : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => closeDelete()}>
              Cancel
            </Button>
            <Button variant="danger" busy={busy} onClick={() => confirmDelete((a) => ({ method: "DELETE", path: `${PATH}?id=${a.id}` }))}>
              Delete
            </Button>
          </>
        }
      />
    </Card>
  );
}
