"use client";

import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { Checkbox, Field } from "@/components/ui/field";
import { useChange } from "@/components/api/use-change";
import { DistrictFeedRuns, type FeedRunView } from "./district-feed-runs";
import type { FieldError } from "@/lib/platform/errors";
import { formatDateTime } from "@/lib/shell/format";

interface Ftp {
  protocol: "ftp" | "ftps" | "sftp";
  host: string;
  port: number;
  directory: string;
  username: string;
  passwordSet: boolean;
  hostKey: string | null;
}

interface IntegrationView {
  active: boolean;
  ftp: Ftp | null;
  userIds: number[];
  lastRunAt: number | null;
  lastRunStatus: "succeeded" | "failed" | null;
  lastRunMessage: string | null;
  runs: FeedRunView[];
}

interface Person {
  id: number;
  name: string;
}

const PROTOCOLS = { ftp: "FTP", ftps: "FTPS (TLS)", sftp: "SFTP" } as const;
const isProtocol = (v: string): v is Ftp["protocol"] => v in PROTOCOLS;
const inputClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";

/**
 * A district's data integration (spec §3: active, FTP integration info, integration users; §7's
 * ftp.json status): saved with POST /data-integrations ('Integration Saved'), removed with DELETE
 * (an error shows only on failure, §8). The password is write-only: blank keeps the stored one.
 * Below the settings: the feed's latest runs and "Fetch now" (district-feed-runs.tsx).
 */
export function DistrictIntegration({ districtId, integration, people }: { districtId: number; integration: IntegrationView | null; people: Person[] }) {
  const { busy, change } = useChange();
  const ftp = integration?.ftp;
  const [active, setActive] = useState(integration?.active ?? true);
  const [protocol, setProtocol] = useState<Ftp["protocol"]>(ftp?.protocol ?? "ftps");
  const [userIds, setUserIds] = useState<number[]>(integration?.userIds ?? []);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const text = (name: string) => String(form.get(name) ?? "");
    const answer = await change<{ message: string }>(
      "POST",
      "/data-integrations",
      {
        tenantsDistrictsId: districtId,
        active,
        ftp: {
          protocol,
          host: text("host"),
          port: text("port"),
          directory: text("directory"),
          username: text("username"),
          password: text("password") || undefined,
          ...(protocol === "sftp" && { hostKey: text("hostKey") }),
        },
        userIds,
      },
      { success: (data) => data.message },
    );
    if (!answer.ok) return setErrors(answer.errors.map((e) => ({ ...e, field: e.field.replace(/^ftp\./, "") })));
    setErrors([]);
    const password = element.elements.namedItem("password");
    if (password && "value" in password) password.value = "";
  }

  async function remove() {
    const answer = await change("DELETE", `/data-integrations?districtId=${districtId}`);
    if (answer.ok) setConfirmRemove(false);
  }

  const status = !ftp ? (
    <Badge tone="neutral">Not set up</Badge>
  ) : !integration?.active ? (
    <Badge tone="neutral">Inactive</Badge>
  ) : (
    <Badge tone="success">Active</Badge>
  );

  return (
    <Card title="Data integration" actions={status}>
      <p className="mb-4 text-sm text-slate-700">
        {integration?.lastRunAt
          ? `Last run ${formatDateTime(integration.lastRunAt)}: ${integration.lastRunStatus === "failed" ? `failed${integration.lastRunMessage ? ` (${integration.lastRunMessage})` : ""}` : "succeeded"}.`
          : ftp
            ? "The feed has not run yet."
            : "This district has no data integration. Enter its FTP settings to set one up."}
      </p>
      <form className="flex flex-col gap-4" onSubmit={save} noValidate aria-label="Data integration settings">
        <Checkbox label="Active" name="active" checked={active} onChange={(e) => setActive(e.target.checked)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="ftp-protocol" className="text-sm font-medium text-slate-800">
              Protocol
            </label>
            <select id="ftp-protocol" value={protocol} onChange={(e) => isProtocol(e.target.value) && setProtocol(e.target.value)} className={inputClass}>
              {Object.entries(PROTOCOLS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <Field label="Host" name="host" required defaultValue={ftp?.host ?? ""} error={errorOf("host")} autoComplete="off" />
          <Field label="Port" name="port" inputMode="numeric" defaultValue={String(ftp?.port ?? 21)} error={errorOf("port")} autoComplete="off" />
          <Field label="Folder" name="directory" defaultValue={ftp?.directory ?? "/"} error={errorOf("directory")} autoComplete="off" />
          <Field label="User name" name="username" required defaultValue={ftp?.username ?? ""} error={errorOf("username")} autoComplete="off" />
          <Field
            label="Password"
            name="password"
            type="password"
            required={!ftp?.passwordSet}
            autoComplete="new-password"
            error={errorOf("password")}
            hint={ftp?.passwordSet ? "A password is stored and never shown. Leave blank to keep it." : undefined}
          />
          {protocol === "sftp" && (
            <Field
              label="Host key fingerprint"
              name="hostKey"
              defaultValue={ftp?.hostKey ?? ""}
              error={errorOf("hostKey")}
              autoComplete="off"
              spellCheck={false}
              hint="SHA256:… as ssh-keygen -lf prints it. Left blank, the first fetch names the key the server offers: check it with the server's owner, then enter it."
            />
          )}
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Integration users (the feed loads its files as the first who may load files)</legend>
          {people.length === 0 && <p className="text-sm text-slate-600">Nobody is linked to this district yet.</p>}
          {people.map((p) => (
            <Checkbox
              key={p.id}
              label={p.name}
              checked={userIds.includes(p.id)}
              onChange={(e) => setUserIds((ids) => (e.target.checked ? [...ids, p.id] : ids.filter((id) => id !== p.id)))}
            />
          ))}
          {errorOf("userIds") && <p className="text-sm font-medium text-danger">{errorOf("userIds")}</p>}
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2">
          {ftp && (
            <Button variant="secondary" onClick={() => setConfirmRemove(true)} disabled={busy}>
              Remove integration
            </Button>
          )}
          <Button type="submit" busy={busy}>
            Save integration
          </Button>
        </div>
      </form>
      {ftp && <DistrictFeedRuns districtId={districtId} runs={integration?.runs ?? []} canFetch={Boolean(integration?.active)} />}
      <Dialog
        open={confirmRemove}
        onOpenChange={(open) => !busy && setConfirmRemove(open)}
        title="Remove data integration"
        description="The district's FTP settings, stored password and integration users are removed."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmRemove(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onClick={remove} busy={busy}>
              Remove
            </Button>
          </>
        }
      />
    </Card>
  );
}
