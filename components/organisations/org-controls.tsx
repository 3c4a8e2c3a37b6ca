"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useChange } from "@/components/api/use-change";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { FieldError } from "@/lib/platform/errors";
import { districtListPath, districtPath, locationPath, organisationsPath, regionPath } from "@/lib/organisations/paths";
import { OrgFormDialog, type OrgValues } from "./org-form-dialog";

export type OrgKind = "region" | "district" | "location";

/** Where a record sits: its region and district ids, as far as they apply. */
interface OrgPlace {
  regionId?: number;
  districtId?: number;
}

const NAMES: Record<OrgKind, string> = { region: "Region", district: "District", location: "Location" };
/** The spec's text for a location delete (§8); the other texts are worded the same way. */
const TEXTS = {
  created: (kind: OrgKind) => `${NAMES[kind]} successfully created`,
  updated: (kind: OrgKind) => `${NAMES[kind]} successfully updated`,
  deleted: (kind: OrgKind) => `${NAMES[kind]} successfully deleted`,
};

type Saved = { id: number };

/** The body of a create: each kind names its parent its own way. */
function createBody(kind: OrgKind, values: OrgValues, place: OrgPlace): object {
  const { nameLabel, uniqueId } = values;
  if (kind === "region") return { nameLabel, uniqueId };
  if (kind === "district") return { parentRegionId: place.regionId!, nameLabel, uniqueId, isCensus: values.isCensus ?? false };
  return { parentDistrictId: place.districtId!, nameLabel, uniqueId };
}

/**
 * POST or PUT /regions, /districts, /locations through useChange: the answer names the record by its
 * kind (`{ region }`); a 400's field errors stay for the form. The caller moves on (a new record's
 * page, the parent after a delete), so the page is not refreshed here.
 */
function useOrgChange(kind: OrgKind) {
  const { busy, change } = useChange();
  const [errors, setErrors] = useState<FieldError[]>([]);
  async function run(method: "POST" | "PUT", body: object, success: string, done: (saved: Saved) => void) {
    const answer = await change<Record<OrgKind, Saved>>(method, `/${kind}s`, body, { success, refresh: false });
    setErrors(answer.ok ? [] : answer.errors);
    if (answer.ok) done(answer.data[kind]);
  }
  return { busy, errors, setErrors, run };
}

/** The new record's profile page (spec §2: a create opens the new record). */
function profileOf(kind: OrgKind, id: number, place: OrgPlace): string {
  if (kind === "region") return regionPath(id);
  if (kind === "district") return districtPath(place.regionId!, id);
  return locationPath(place.regionId!, place.districtId!, id);
}

/** Where a delete lands: the parent; a location's district opens on its location list (spec §2). */
function afterDelete(kind: OrgKind, place: OrgPlace): string {
  if (kind === "region") return organisationsPath();
  if (kind === "district") return regionPath(place.regionId!);
  return districtListPath(place.regionId!, place.districtId!);
}

/** "New region" (district, location): a form that opens the new record's profile page when saved. */
export function NewOrgButton({ kind, place = {} }: { kind: OrgKind; place?: OrgPlace }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const { busy, errors, setErrors, run } = useOrgChange(kind);
  const title = `New ${NAMES[kind].toLowerCase()}`;
  return (
    <>
      <Button
        size="sm"
        onClick={() => {
          setErrors([]);
          setFormKey((k) => k + 1);
          setOpen(true);
        }}
      >
        {title}
      </Button>
      {open && (
        <OrgFormDialog
          key={formKey}
          open
          onOpenChange={setOpen}
          title={title}
          submitLabel={`Create ${NAMES[kind].toLowerCase()}`}
          initial={{ nameLabel: "", uniqueId: null, isCensus: false }}
          withCensus={kind === "district"}
          busy={busy}
          errors={errors}
          onSubmit={(values) =>
            void run("POST", createBody(kind, values, place), TEXTS.created(kind), (saved) => {
              setOpen(false);
              router.push(profileOf(kind, saved.id, place));
            })
          }
        />
      )}
    </>
  );
}

interface RecordActionsProps {
  kind: OrgKind;
  record: { id: number; nameLabel: string; uniqueId: string | null; isCensus?: boolean };
  place: OrgPlace;
  /** Said in the delete dialog: what must go first, or what goes with it. */
  deleteNote: string;
  /** Deleting needs the parent's administration (a district admin keeps their own district). */
  deletable: boolean;
}

/** Edit and Delete of one region, district or location on its profile page. Delete sets active false. */
export function OrgRecordActions({ kind, record, place, deleteNote, deletable }: RecordActionsProps) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const { busy, errors, setErrors, run } = useOrgChange(kind);
  const name = NAMES[kind].toLowerCase();
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          setErrors([]);
          setFormKey((k) => k + 1);
          setEditing(true);
        }}
      >
        Edit {name}
      </Button>
      {deletable && (
        <Button size="sm" variant="secondary" onClick={() => setDeleting(true)}>
          Delete {name}
        </Button>
      )}
      {editing && (
        <OrgFormDialog
          key={formKey}
          open
          onOpenChange={setEditing}
          title={`Edit ${name}`}
          submitLabel="Save changes"
          initial={{ nameLabel: record.nameLabel, uniqueId: record.uniqueId, isCensus: record.isCensus }}
          withCensus={kind === "district"}
          busy={busy}
          errors={errors}
          onSubmit={(values) =>
            void run("PUT", { id: record.id, ...values, ...(kind === "district" ? {} : { isCensus: undefined }) }, TEXTS.updated(kind), () => {
              setEditing(false);
              router.refresh();
            })
          }
        />
      )}
      <Dialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${name}?`}
        size="sm"
        description={`“${record.nameLabel}” no longer shows in lists. ${deleteNote}`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={busy}
              onClick={() =>
                void run("PUT", { id: record.id, active: false }, TEXTS.deleted(kind), () => {
                  setDeleting(false);
                  router.push(afterDelete(kind, place));
                })
              }
            >
              Delete {name}
            </Button>
          </>
        }
      />
    </>
  );
}
