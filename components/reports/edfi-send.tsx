"use client";

import { useState, type FormEvent } from "react";
import { callApi, fieldMessages } from "@/components/api/client";
import { useLoad } from "@/components/api/use-load";
import { usePolling } from "@/components/api/use-polling";
import { Button } from "@/components/ui/button";
import { PlainTable } from "@/components/ui/plain-table";
import { useSnackbar } from "@/components/ui/snackbar";
import type { ConnectionView, RunView } from "@/lib/edfi/schemas";
import { formatDateTime } from "@/lib/shell/format";

const inputClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";
const STATUS: Record<RunView["status"], string> = { queued: "Waiting", running: "Sending", succeeded: "Sent", failed: "Failed" };

/**
 * Send the chosen collection to the Ed-Fi ODS/API of the chosen scope (the state, or a district):
 * its connection (the secret is never shown back), the Send button and the scope's runs, polled
 * every 3 s while one waits or runs.
 */
export function EdfiSend({ collectionId, districtId }: { collectionId: number; districtId: number }) {
  const { showSnackbar } = useSnackbar();
  const [connection, setConnection] = useState<ConnectionView | null>(null);
  const [runs, setRuns] = useState<RunView[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [sending, setSending] = useState(false);
  const scope = districtId ? `?districtId=${districtId}` : "";

  /** The scope's connection and the collection's runs; `live` drops the answer of a scope left since. */
  async function refresh(live: () => boolean = () => true) {
    const [found, listed] = await Promise.all([
      callApi<{ connection: ConnectionView | null }>("GET", `/edfi/connection${scope}`),
      callApi<{ runs: RunView[] }>("GET", `/data-collections/${collectionId}/edfi/runs${scope}`),
    ]);
    if (!live()) return;
    setProblem(found.ok ? null : found.message);
    setConnection(found.ok ? found.data.connection : null);
    setRuns(found.ok && listed.ok ? listed.data.runs : []);
  }

  const pending = runs.some((r) => r.status === "queued" || r.status === "running");
  useLoad(`${collectionId}${scope}`, refresh);
  // Every 3 s while a run waits or sends.
  usePolling(() => refresh(), 3000, pending);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const secret = String(form.get("clientSecret") ?? "");
    const body = {
      ...(districtId ? { districtId } : {}),
      baseUrl: String(form.get("baseUrl") ?? ""),
      tokenUrl: String(form.get("tokenUrl") ?? ""),
      clientId: String(form.get("clientId") ?? ""),
      ...(secret ? { clientSecret: secret } : {}),
      active: form.get("active") === "on",
    };
    setSaving(true);
    const answer = await callApi<{ message: string; connection: ConnectionView }>("PUT", "/edfi/connection", body);
    setSaving(false);
    if (!answer.ok) {
      setErrors(fieldMessages(answer.errors));
      showSnackbar(answer.message, "error");
      return;
    }
    setErrors({});
    setConnection(answer.data.connection);
    (event.target as HTMLFormElement).reset();
    showSnackbar(answer.data.message, "success");
  }

  async function send() {
    setSending(true);
    const answer = await callApi<{ message: string; run: RunView }>("POST", `/data-collections/${collectionId}/edfi/send`, districtId ? { districtId } : {});
    setSending(false);
    if (!answer.ok) {
      showSnackbar(answer.message, "error");
      return;
    }
    setRuns((before) => [answer.data.run, ...before]);
    showSnackbar(answer.data.message, "success");
  }

  if (problem)
    return <p className="text-sm text-slate-700">{problem === "Is required" ? "Choose a district to send its results to its Ed-Fi ODS/API." : problem}</p>;
  const field = (name: "baseUrl" | "tokenUrl" | "clientId", label: string, hint: string) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`edfi-${name}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`edfi-${name}`}
        name={name}
        key={`${name}-${connection?.id ?? 0}-${connection?.[name] ?? ""}`}
        defaultValue={connection?.[name] ?? ""}
        required
        className={inputClass}
        aria-describedby={`edfi-${name}-hint${errors[name] ? ` edfi-${name}-error` : ""}`}
        aria-invalid={errors[name] ? true : undefined}
      />
      <p id={`edfi-${name}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      {errors[name] ? (
        <p id={`edfi-${name}-error`} className="text-xs text-danger">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  return (
    <div className="flex flex-col gap-4 border-t border-slate-200 pt-4">
      <h3 className="text-base font-semibold text-slate-900">Send to an Ed-Fi ODS/API</h3>
      <form onSubmit={save} className="grid gap-4 tablet:grid-cols-2" aria-label="Ed-Fi ODS/API connection">
        {field("baseUrl", "API base URL", "The data root, for example https://api.ed-fi.example.org/data/v3")}
        {field("tokenUrl", "Token URL", "The OAuth token endpoint, for example https://api.ed-fi.example.org/oauth/token")}
        {field("clientId", "Client ID", "The key the ODS/API issued for this platform")}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="edfi-clientSecret" className="text-sm font-medium text-slate-800">
            Client secret
          </label>
          <input
            id="edfi-clientSecret"
            name="clientSecret"
            type="password"
            autoComplete="new-password"
            required={!connection}
            className={inputClass}
            aria-describedby="edfi-clientSecret-hint"
          />
          <p id="edfi-clientSecret-hint" className="text-xs text-slate-600">
            {connection ? "Saved and never shown. Leave empty to keep it." : "Kept encrypted and never shown again."}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <input id="edfi-active" name="active" type="checkbox" defaultChecked={connection?.active ?? true} key={`active-${connection?.active}`} />
          <label htmlFor="edfi-active" className="text-sm text-slate-800">
            Sending is on
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-3 tablet:col-span-2">
          <Button type="submit" variant="secondary" busy={saving}>
            Save connection
          </Button>
          <Button onClick={() => void send()} busy={sending} disabled={!connection || !connection.active}>
            Send results to Ed-Fi
          </Button>
        </div>
      </form>
      {runs.length ? (
        <PlainTable
          bare
          showCaption
          caption="Runs of this collection, newest first"
          columns={["Requested", "Status", "Records sent", "Refused", "Message"]}
          rows={runs}
        >
          {(run) => (
            <tr key={run.id} className="border-t border-slate-200">
              <td>{formatDateTime(run.createdAt)}</td>
              <td>{STATUS[run.status]}</td>
              <td>{run.sent}</td>
              <td>{run.refused}</td>
              <td>{run.message ?? ""}</td>
            </tr>
          )}
        </PlainTable>
      ) : (
        <p className="text-sm text-slate-700">Nothing sent from this collection yet.</p>
      )}
    </div>
  );
}
