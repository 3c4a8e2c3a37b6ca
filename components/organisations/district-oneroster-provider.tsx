"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox, Field } from "@/components/ui/field";
import { useChange } from "@/components/api/use-change";
import { usePolling } from "@/components/api/use-polling";
import { IntegrationRunsTable } from "./integration-runs-table";
import type { ProviderView, PullRun } from "@/lib/organisations/oneroster-provider-schemas";
import type { FieldError } from "@/lib/platform/errors";
import { formatDateTime } from "@/lib/shell/format";

const SOURCES = { identifier: "The user's identifier", userIds: "A userIds entry of this type", metadata: "A metadata field of this name" } as const;
const isSource = (v: string): v is ProviderView["stateIdSource"] => v in SOURCES;
const inputClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";
const POLL_MS = 2000;
const KINDS = { full: "Full", delta: "Changes" } as const;

/**
 * A district's OneRoster 1.2 REST provider, beside its FTP feed: saved with PUT
 * /data-integrations/oneroster (the client secret is write-only: blank keeps the stored one), its
 * latest pulls (full or changes only), "Pull now" and "Pull everything now" (POST
 * /data-integrations/oneroster/pull). While a pull waits or runs the page refreshes itself (usePolling).
 */
export function DistrictOneRosterProvider({
  districtId,
  provider,
  lastPullAt,
  lastFullPullAt,
  fullPullDue,
  runs,
}: {
  districtId: number;
  provider: ProviderView | null;
  lastPullAt: number | null;
  lastFullPullAt: number | null;
  fullPullDue: boolean;
  runs: PullRun[];
}) {
  const router = useRouter();
  const { busy, change } = useChange();
  const pull = useChange();
  const [active, setActive] = useState(provider?.active ?? true);
  const [review, setReview] = useState(provider?.reviewPulls ?? false);
  const [source, setSource] = useState<ProviderView["stateIdSource"]>(provider?.stateIdSource ?? "identifier");
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [pulling, setPulling] = useState<"changes" | "full" | null>(null);
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const pending = runs.some((r) => r.status === "queued" || r.status === "running");
  usePolling(() => router.refresh(), POLL_MS, pending);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const text = (name: string) => String(form.get(name) ?? "");
    const answer = await change<{ message: string }>(
      "PUT",
      "/data-integrations/oneroster",
      {
        districtId,
        active,
        reviewPulls: review,
        tokenUrl: text("tokenUrl"),
        clientId: text("clientId"),
        clientSecret: text("clientSecret") || undefined,
        baseUrl: text("baseUrl"),
        stateIdSource: source,
        stateIdField: source === "identifier" ? null : text("stateIdField"),
      },
      { success: (data) => data.message },
    );
    setErrors(answer.ok ? [] : answer.errors);
    if (!answer.ok) return;
    const secret = element.elements.namedItem("clientSecret");
    if (secret && "value" in secret) secret.value = "";
  }

  async function pullNow(full: boolean) {
    // Which of the two buttons shows as busy.
    setPulling(full ? "full" : "changes");
    await pull.change<{ message: string }>("POST", "/data-integrations/oneroster/pull", full ? { districtId, full } : { districtId }, {
      success: (data) => data.message,
    });
    setPulling(null);
  }

  const status = !provider ? (
    <Badge tone="neutral">Not set up</Badge>
  ) : !provider.active ? (
    <Badge tone="neutral">Inactive</Badge>
  ) : (
    <Badge tone="success">Active</Badge>
  );

  return (
    <Card title="OneRoster provider" actions={status}>
      <p className="mb-4 text-sm text-slate-700">
        {!provider
          ? "Name the district's OneRoster 1.2 provider to pull its roster every hour instead of loading bundles by hand."
          : !lastPullAt
            ? "Not pulled yet: the first pull reads the whole roster."
            : fullPullDue || !lastFullPullAt
              ? `Last successful pull started ${formatDateTime(lastPullAt)}. The next pull reads the whole roster, so what the provider no longer lists is ended.`
              : `Last successful pull started ${formatDateTime(lastPullAt)}${lastFullPullAt === lastPullAt ? ", a full one" : ` (the last full one ${formatDateTime(lastFullPullAt)})`}; the next asks for records changed since then.`}
      </p>
      <form className="flex flex-col gap-4" onSubmit={save} noValidate aria-label="OneRoster provider settings">
        <Checkbox label="Active" name="active" checked={active} onChange={(e) => setActive(e.target.checked)} />
        <div>
          <Checkbox
            label="Review each pull before it is applied"
            name="reviewPulls"
            checked={review}
            onChange={(e) => setReview(e.target.checked)}
            aria-describedby="oneroster-review-hint"
          />
          <p id="oneroster-review-hint" className="mt-1 ml-6 text-xs text-slate-600">
            A pull then stops after its dry run, which waits on the OneRoster page until it is applied.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Token URL"
            name="tokenUrl"
            required
            defaultValue={provider?.tokenUrl ?? ""}
            error={errorOf("tokenUrl")}
            autoComplete="off"
            hint="OAuth 2.0 client credentials"
          />
          <Field
            label="Base URL"
            name="baseUrl"
            required
            defaultValue={provider?.baseUrl ?? ""}
            error={errorOf("baseUrl")}
            autoComplete="off"
            hint="Ends with /ims/oneroster/rostering/v1p2"
          />
          <Field label="Client id" name="clientId" required defaultValue={provider?.clientId ?? ""} error={errorOf("clientId")} autoComplete="off" />
          <Field
            label="Client secret"
            name="clientSecret"
            type="password"
            required={!provider?.secretSet}
            autoComplete="new-password"
            error={errorOf("clientSecret")}
            hint={provider?.secretSet ? "A secret is stored and never shown. Leave blank to keep it." : undefined}
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="oneroster-state-id-source" className="text-sm font-medium text-slate-800">
              A child&apos;s state id is
            </label>
            <select
              id="oneroster-state-id-source"
              value={source}
              onChange={(e) => isSource(e.target.value) && setSource(e.target.value)}
              className={inputClass}
            >
              {Object.entries(SOURCES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          {source !== "identifier" && (
            <Field
              label={source === "userIds" ? "userIds type" : "Metadata field"}
              name="stateIdField"
              required
              defaultValue={provider?.stateIdField ?? ""}
              error={errorOf("stateIdField")}
              autoComplete="off"
            />
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="submit" busy={busy}>
            Save provider
          </Button>
        </div>
      </form>
      {provider && (
        <section aria-labelledby="oneroster-pulls-heading" className="mt-6 border-t border-slate-200 pt-4">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h3 id="oneroster-pulls-heading" className="text-base font-semibold text-slate-900">
              Pulls
            </h3>
            {provider.active && (
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => void pullNow(false)} busy={pulling === "changes"} disabled={pending || pulling !== null}>
                  Pull now
                </Button>
                <Button variant="secondary" onClick={() => void pullNow(true)} busy={pulling === "full"} disabled={pending || pulling !== null}>
                  Pull everything now
                </Button>
              </div>
            )}
          </div>
          <p className="mb-3 text-sm text-slate-700">
            {provider.reviewPulls
              ? "Every hour the pull reads orgs, academic sessions, users, classes, enrollments and demographics and stops after its dry run: whoever pressed Pull now, else the administrator who last saved these settings, reads it on the OneRoster page and applies it. While one waits, the hourly pull skips; Pull now replaces it."
              : "Every hour the pull reads orgs, academic sessions, users, classes, enrollments and demographics and applies them as a OneRoster load, as the first integration user who may load OneRoster bundles, else as the administrator who last saved these settings (Pull now without one: as you)."}{" "}
            Once a day, and with Pull everything now, it reads every record, so what the provider no longer lists is ended; the other pulls read what changed.
          </p>
          <IntegrationRunsTable
            runs={runs}
            caption="Latest OneRoster pulls, newest first"
            manualLabel="Pull now"
            empty="No pulls yet."
            counts={[
              { header: "Pull", value: (run) => (run.kind ? KINDS[run.kind] : "") },
              { header: "Records pulled", value: (run) => run.recordsPulled },
            ]}
            details={(run) =>
              run.status === "review" &&
              run.oneRosterLoadId && (
                <Link href={`/administrator/oneroster?load=${run.oneRosterLoadId}`} className="mt-1 inline-block font-medium text-brand-700 underline">
                  Read its dry run and apply it
                </Link>
              )
            }
          />
          <p className="mt-3 text-sm">
            <Link href="/administrator/oneroster" className="font-medium text-brand-700 underline">
              OneRoster loads, their counts and refused rows
            </Link>
          </p>
        </section>
      )}
    </Card>
  );
}
