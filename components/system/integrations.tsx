"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { Checkbox, Field } from "@/components/ui/field";
import { useSnackbar } from "@/components/ui/snackbar";
import type { FieldError } from "@/lib/platform/errors";
import { Select } from "./form-controls";
import { callApi } from "@/components/api/client";
import { useChange } from "@/components/api/use-change";

interface License {
  id: number;
  licenseId: string;
  role: string;
}
interface Integration {
  id: number;
  clientId: string;
  description: string | null;
  licenses: License[];
}

/**
 * A license change is several calls (one DELETE per removed license, one POST per added one); each
 * stands on its own. The outcome names every call that failed, and the list shows what succeeded.
 */
function LicenseDialog({ tenantId, integration, roles, onClose }: { tenantId: number; integration: Integration; roles: string[]; onClose: () => void }) {
  const roleOptions = roles.map((r) => ({ value: r, label: r }));
  const router = useRouter();
  const { showSnackbar, hideSnackbar } = useSnackbar();
  const [removed, setRemoved] = useState<number[]>([]);
  const [added, setAdded] = useState([{ licenseId: "", role: roles[0] }]);
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function save() {
    hideSnackbar();
    setBusy(true);
    const failed: string[] = [];
    let done = 0;
    for (const id of removed) {
      const license = integration.licenses.find((l) => l.id === id)!;
      const result = await callApi("DELETE", `/tenant-integration-licenses/${id}`);
      if (result.ok) done++;
      else failed.push(`Removing ${license.licenseId} (${license.role}) failed: ${result.message}`);
    }
    for (const row of added.filter((r) => r.licenseId.trim())) {
      const result = await callApi("POST", "/tenant-integration-licenses", {
        tenantId,
        tenantIntegrationId: integration.id,
        licenseId: row.licenseId.trim(),
        role: row.role,
      });
      if (result.ok) done++;
      else failed.push(`Adding ${row.licenseId.trim()} (${row.role}) failed: ${result.message}`);
    }
    setBusy(false);
    router.refresh();
    if (failed.length === 0) {
      showSnackbar("Licenses updated", "success");
      onClose();
      return;
    }
    setFailures(failed);
    setRemoved([]);
    setAdded([{ licenseId: "", role: roles[0] }]);
    showSnackbar(
      done ? `Licenses partly updated: ${done} change${done === 1 ? "" : "s"} saved, ${failed.length} failed` : "No license change was saved",
      "error",
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Licenses of ${integration.clientId}`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button busy={busy} onClick={() => void save()}>
            Save licenses
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {failures.length > 0 && (
          <div role="alert" className="rounded-md border border-danger bg-red-50 px-3 py-2 text-sm text-danger">
            <p className="font-semibold">These changes failed; the others were saved:</p>
            <ul className="list-disc pl-5">
              {failures.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </div>
        )}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800">Remove</legend>
          {integration.licenses.length === 0 && <p className="text-sm text-slate-600">No licenses yet.</p>}
          {integration.licenses.map((l) => (
            <Checkbox
              key={l.id}
              label={`${l.licenseId} · ${l.role}`}
              checked={removed.includes(l.id)}
              onChange={(e) => setRemoved((r) => (e.target.checked ? [...r, l.id] : r.filter((x) => x !== l.id)))}
            />
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold text-slate-800">Add</legend>
          {added.map((row, i) => (
            <div key={i} className="grid grid-cols-1 gap-3 tablet:grid-cols-2">
              <Field
                label={`License id ${i + 1}`}
                autoComplete="off"
                value={row.licenseId}
                onChange={(e) => setAdded((a) => a.map((r, j) => (j === i ? { ...r, licenseId: e.target.value } : r)))}
              />
              <Select
                label={`Role ${i + 1}`}
                options={roleOptions}
                value={row.role}
                onChange={(e) => setAdded((a) => a.map((r, j) => (j === i ? { ...r, role: e.target.value } : r)))}
              />
            </div>
          ))}
          <div>
            <Button size="sm" variant="secondary" onClick={() => setAdded((a) => [...a, { licenseId: "", role: roles[0] }])}>
              Another license
            </Button>
          </div>
        </fieldset>
      </div>
    </Dialog>
  );
}

const newToken = () => Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * New integration (POST, its token generated here) or an edit of one (PUT /tenant-integrations/{id}:
 * client id, description, and on request a new token). A token is shown only in this dialog: the
 * server keeps its hash.
 */
function IntegrationDialog({ tenantId, integration, onClose }: { tenantId: number; integration: Integration | null; onClose: () => void }) {
  const { hideSnackbar } = useSnackbar();
  const { busy, change } = useChange();
  const [values, setValues] = useState({
    clientId: integration?.clientId ?? "",
    description: integration?.description ?? "",
    token: integration ? "" : newToken(),
  });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const formId = integration ? "edit-integration-form" : "new-integration-form";

  async function submit(event: FormEvent) {
    event.preventDefault();
    hideSnackbar();
    const common = { clientId: values.clientId, description: values.description || null };
    const texts = { success: "Integration Saved", failure: "Error saving integration" };
    const result = integration
      ? await change("PUT", `/tenant-integrations/${integration.id}`, { ...common, ...(values.token ? { token: values.token } : {}) }, texts)
      : await change("POST", "/tenant-integrations", { tenantId, ...common, token: values.token }, texts);
    if (!result.ok) setErrors(result.errors.length ? result.errors : [{ field: "clientId", message: result.message }]);
    else onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={integration ? `Edit integration ${integration.clientId}` : "New integration"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {integration ? "Save integration" : "Create integration"}
          </Button>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Field
          label="Client id"
          required
          autoComplete="off"
          value={values.clientId}
          error={errorOf("clientId")}
          onChange={(e) => setValues({ ...values, clientId: e.target.value })}
        />
        <Field
          label="Description"
          autoComplete="off"
          value={values.description}
          error={errorOf("description")}
          onChange={(e) => setValues({ ...values, description: e.target.value })}
        />
        {integration && (
          <Checkbox
            label="Give it a new token (the old one stops working)"
            checked={values.token !== ""}
            onChange={(e) => setValues({ ...values, token: e.target.checked ? newToken() : "" })}
          />
        )}
        {values.token && (
          <Field
            label="Token"
            required
            autoComplete="off"
            readOnly
            value={values.token}
            error={errorOf("token")}
            hint="Copy it now for the outside system: only its hash is kept."
          />
        )}
      </form>
    </Dialog>
  );
}

/** A tenant's integrations: create or edit one, and change its licenses. */
export function Integrations({ tenantId, integrations, roles }: { tenantId: number; integrations: Integration[]; roles: string[] }) {
  // By id: after a partial failure the refreshed list shows in the open dialog what succeeded.
  const [licensingId, setLicensingId] = useState<number | null>(null);
  const licensing = integrations.find((i) => i.id === licensingId) ?? null;
  const [editing, setEditing] = useState<Integration | "new" | null>(null);

  return (
    <Card
      title="Integrations"
      actions={
        <Button size="sm" onClick={() => setEditing("new")}>
          New integration
        </Button>
      }
    >
      {integrations.length === 0 ? (
        <p className="text-sm text-slate-600">No integrations yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {integrations.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium text-slate-900">{i.clientId}</p>
                <p className="text-sm text-slate-600">{i.description ?? "No description"}</p>
                <p className="text-sm text-slate-700">
                  Licenses: {i.licenses.length ? i.licenses.map((l) => `${l.licenseId} (${l.role})`).join(", ") : "none"}
                </p>
              </div>
              <div className="flex gap-2">
                <Button size="sm" variant="secondary" onClick={() => setEditing(i)} aria-label={`Edit integration ${i.clientId}`}>
                  Edit
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setLicensingId(i.id)} aria-label={`Change licenses of ${i.clientId}`}>
                  Change licenses
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {licensing && <LicenseDialog tenantId={tenantId} integration={licensing} roles={roles} onClose={() => setLicensingId(null)} />}
      {editing && <IntegrationDialog tenantId={tenantId} integration={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
