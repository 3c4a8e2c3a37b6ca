"use client";

import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/states";
import { useManagerDialogs, type ManagerTexts } from "@/components/ui/use-manager-dialogs";
import type { Group } from "@/lib/scoring/groups-schemas";
import { GroupDialog, type GroupStudent, type GroupValues } from "./group-dialog";
import { GroupSwatch } from "./group-swatch";

interface GroupsManagerProps {
  collectionId: number;
  groups: Group[];
  students: GroupStudent[];
}

/** The spec's texts (§8): the server's message first, these when it gives none. */
const TEXTS: ManagerTexts = {
  create: { ok: "Group successfully created", failed: "Error creating group" },
  update: { ok: "Group successfully updated", failed: "Error updating group" },
  delete: { ok: "Group successfully deleted", failed: "Error deletion group" },
};

/** The teacher's groups of one collection: list, create, edit and delete; each change reloads the list (spec §4). */
export function GroupsManager({ collectionId, groups, students }: GroupsManagerProps) {
  const path = `/data-collections/${collectionId}/groups`;
  const { editing, formKey, deleting, busy, errors, newButton, openForm, closeForm, askDelete, closeDelete, save, confirmDelete, clearFieldError } =
    useManagerDialogs<Group>(TEXTS);

  return (
    <Card
      title="My groups"
      actions={
        <Button ref={newButton} size="sm" onClick={() => openForm("new")}>
          New group
        </Button>
      }
    >
      {groups.length === 0 ? (
        <EmptyState title="No groups yet">
          Put children you work with together in a group, such as a reading circle, to see only them on the scoring screen.
        </EmptyState>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200" aria-label="Groups">
          {groups.map((g) => {
            // In class-list order; members no longer on the teacher's roster count but are not named.
            const inGroup = new Set(g.enrollmentIds);
            const memberNames = students.filter((s) => inGroup.has(s.studentEnrollmentId)).map((s) => s.name);
            return (
              <li
                key={g.id}
                className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 tablet:flex-row tablet:items-start tablet:justify-between"
                data-group={g.id}
              >
                <div className="min-w-0">
                  <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                    <GroupSwatch color={g.color} />
                    {g.label}
                    <span className="text-sm font-normal text-slate-600">
                      · {g.enrollmentIds.length} {g.enrollmentIds.length === 1 ? "student" : "students"}
                    </span>
                  </h3>
                  <p className="mt-1 text-sm text-slate-700">{memberNames.length ? memberNames.join("; ") : "No members"}</p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button size="sm" variant="secondary" onClick={() => openForm(g)}>
                    Edit<span className="sr-only"> {g.label}</span>
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => askDelete(g)}>
                    Delete<span className="sr-only"> {g.label}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <GroupDialog
          key={formKey}
          open
          onOpenChange={(open) => !open && closeForm()}
          initial={editing === "new" ? null : editing}
          students={students}
          busy={busy}
          errors={errors}
          onFieldChange={clearFieldError}
          onSubmit={(values: GroupValues) => save({ method: "POST", path, body: values }, (g) => ({ method: "PUT", path, body: { id: g.id, ...values } }))}
        />
      )}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && closeDelete()}
        title="Delete group?"
        size="sm"
        description={deleting ? `The group “${deleting.label}” is deleted. Its students and their scores stay as they are.` : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => closeDelete()}>
              Cancel
            </Button>
            <Button variant="danger" busy={busy} onClick={() => confirmDelete((g) => ({ method: "DELETE", path: `${path}?id=${g.id}` }))}>
              Delete group
            </Button>
          </>
        }
      />
    </Card>
  );
}
