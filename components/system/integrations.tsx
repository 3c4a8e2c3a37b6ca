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
import { send } from "./send";

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
  const { showSnackbar } = useSnackbar();
  const [removed, setRemoved] = useState<number[]>([]);
  const [added, setAdded] = useState([{ licenseId: "", role: roles[0] }]);
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    const failed: string[] = [];
    let done = 0;
    for (const id of removed) {
      const license = integration.licenses.find((l) => l.id === id)!;
      const result = await send("DELETE", `/tenant-integration-licenses/${id}`);
      if (result.ok) done++;
      else failed.push(`Removing ${license.licenseId} (${license.role}) failed: ${result.message}`);
    }
    for (const row of added.filter((r) => r.licenseId.trim())) {
      const result = await send("POST", "/tenant-integration-licenses", { tenantId, tenantIntegrationId: integration.id, licenseId: row.licenseId.trim(), role: row.role });
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
    showSnackbar(done ? `Licenses partly updated: ${done} change${done === 1 ? "" : "s"} saved, ${failed.length} failed` : "No license change was saved", "error");
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
              <Field label={`License id ${i + 1}`} autoComplete="off" value={row.licenseId} onChange={(e) => setAdded((a) => a.map((r, j) => (j === i ? { ...r, licenseId: e.target.value } : r)))} />
              <Select label={`Role ${i + 1}`} options={roleOptions} value={row.role} onChange={(e) => setAdded((a) => a.map((r, j) => (j === i ? { ...r, role: e.target.value } : r)))} />
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

/** A tenant's integrations: create one (its token is shown only here, then kept as a hash) and change licenses. */
export function Integrations({ tenantId, integrations, roles }: { tenantId: number; integrations: Integration[]; roles: string[] }) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [creating, setCreating] = useState(false);
  // By id: after a partial failure the refreshed list shows in the open dialog what succeeded.
  const [licensingId, setLicensingId] = useState<number | null>(null);
  const licensing = integrations.find((i) => i.id === licensingId) ?? null;
  const [values, setValues] = useState({ clientId: "", description: "", token: "" });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await send("POST", "/tenant-integrations", { tenantId, ...values, description: values.description || null });
    setBusy(false);
    if (!result.ok) {
      setErrors(result.errors.length ? result.errors : [{ field: "clientId", message: result.message }]);
      showSnackbar("Error saving integration", "error");
      return;
    }
    showSnackbar("Integration saved", "success");
    setCreating(false);
    router.refresh();
  }

  function openCreate() {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    setValues({ clientId: "", description: "", token: Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("") });
    setErrors([]);
    setCreating(true);
  }

  return (
    <Card
      title="Integrations"
      actions={
        <Button size="sm" onClick={openCreate}>
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
                <p className="text-sm text-slate-700">Licenses: {i.licenses.length ? i.licenses.map((l) => `${l.licenseId} (${l.role})`).join(", ") : "none"}</p>
              </div>
              <Button size="sm" variant="secondary" onClick={() => setLicensingId(i.id)} aria-label={`Change licenses of ${i.clientId}`}>
                Change licenses
              </Button>
            </li>
          ))}
        </ul>
      )}
      {licensing && <LicenseDialog tenantId={tenantId} integration={licensing} roles={roles} onClose={() => setLicensingId(null)} />}
      {creating && (
        <Dialog
          open
          onOpenChange={setCreating}
          title="New integration"
          footer={
            <>
              <Button variant="secondary" onClick={() => setCreating(false)}>
                Cancel
              </Button>
              <Button type="submit" form="new-integration-form" busy={busy}>
                Create integration
              </Button>
            </>
          }
        >
          <form id="new-integration-form" className="flex flex-col gap-4" onSubmit={create} noValidate>
            <Field label="Client id" required autoComplete="off" value={values.clientId} error={errorOf("clientId")} onChange={(e) => setValues({ ...values, clientId: e.target.value })} />
            <Field label="Description" autoComplete="off" value={values.description} error={errorOf("description")} onChange={(e) => setValues({ ...values, description: e.target.value })} />
            <Field label="Token" required autoComplete="off" readOnly value={values.token} error={errorOf("token")} hint="Copy it now for the outside system: only its hash is kept." />
          </form>
        </Dialog>
      )}
    </Card>
  );
}
