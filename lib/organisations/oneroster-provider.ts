import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { conflict, fieldError, notFound } from "@/lib/platform/errors";
import { sendJob, sendJobs } from "@/lib/platform/queue";
import { forTenant } from "@/lib/platform/tenancy";
import { encryptSecret } from "./integration-secret";
import { administeredDistrict } from "./integrations";
import { oneRosterPullJob } from "./oneroster-pull-jobs";
import { fullPullDue, heldForReview, lastPullStart, runColumns, toRun, unix, type RunRow } from "./oneroster-pull-history";
import type { ProviderView, SaveProviderInput } from "./oneroster-provider-schemas";

/*
 * A district integration's OneRoster 1.2 REST provider (issue 24 item 2): read and changed by those
 * who administer the district, as the FTP settings are (another district or tenant: 404). The client
 * secret is sealed as the FTP password is and never answered. Pulls share the feed's run history
 * (source 'oneroster'); oneroster-pull-run.ts does the work.
 */

const SAVED = "Integration Saved";
const PULL_REQUESTED = "Pull requested";
const NO_PROVIDER = "This district has no OneRoster provider";
const NOT_ACTIVE = "Turn the OneRoster provider on (Active) before pulling";
const RECENT = 10;
const HELD = "Skipped: a pull waits for review. Read its dry run on the OneRoster page and apply it";

/** As the FTP feed's: waiting or running, and younger than an hour (older outlived its retries). */
const waiting = sql`r.source = 'oneroster' and r.status in ('queued', 'running') and r.created_at > now() - interval '1 hour'`;

interface ProviderRow {
  id: number;
  district_id: number;
  oneroster_info: Record<string, unknown>;
  secret_set: boolean;
  pulled_at: Date | string | null;
  full_pulled_at: Date | string | null;
  full_due: boolean;
}

function viewOf(r: ProviderRow | undefined): ProviderView | null {
  const o = r?.oneroster_info ?? {};
  if (!r || typeof o.baseUrl !== "string") return null;
  const source = o.stateIdSource === "userIds" || o.stateIdSource === "metadata" ? o.stateIdSource : "identifier";
  return {
    id: r.id,
    districtId: r.district_id,
    active: o.active !== false,
    tokenUrl: String(o.tokenUrl ?? ""),
    clientId: String(o.clientId ?? ""),
    secretSet: r.secret_set,
    baseUrl: o.baseUrl,
    stateIdSource: source,
    stateIdField: typeof o.stateIdField === "string" ? o.stateIdField : null,
    reviewPulls: o.reviewPulls === true,
  };
}

const providerRow = (t: number, districtId: number) =>
  rows<ProviderRow>(
    db(),
    sql`select i.id, i.district_id, i.oneroster_info, i.oneroster_secret_encrypted is not null as secret_set, ${lastPullStart(false)} as pulled_at,
        ${lastPullStart(true)} as full_pulled_at, ${fullPullDue} as full_due
      from district_data_integrations i where i.tenant_id = ${t} and i.district_id = ${districtId}`,
  );

/** GET /data-integrations/oneroster?districtId: the provider (without its secret), the last successful (full) pull and the latest pulls. */
export async function oneRosterProvider(actor: Actor, districtId: number) {
  authorize(actor, "organisations.manage");
  return forTenant(actor, async () => {
    const district = await administeredDistrict(actor, districtId);
    const [row] = await providerRow(actor.tenantId, district.id);
    const runs = row
      ? await rows<RunRow>(
          db(),
          sql`select ${runColumns} from district_data_integration_runs r where r.tenant_id = ${actor.tenantId} and r.integration_id = ${row.id}
            and r.source = 'oneroster' order by r.created_at desc, r.id desc limit ${RECENT}`,
        )
      : [];
    return {
      oneRoster: {
        provider: viewOf(row),
        lastPullAt: row ? unix(row.pulled_at) : null,
        lastFullPullAt: row ? unix(row.full_pulled_at) : null,
        fullPullDue: row?.full_due ?? true,
        runs: runs.map(toRun),
      },
    };
  });
}

/** PUT /data-integrations/oneroster: name the district's provider (creating its integration if it has none). */
export async function saveOneRosterProvider(actor: Actor, input: SaveProviderInput, origin: AuditOrigin = {}) {
  authorize(actor, "organisations.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const district = await administeredDistrict(actor, input.districtId, true);
    const [current] = await providerRow(t, district.id);
    if (!current?.secret_set && !input.clientSecret) throw fieldError("clientSecret", "Client secret is required");
    const before = viewOf(current);
    const { districtId: _d, clientSecret, ...given } = input;
    // A PUT keeps what it leaves out: the switches and the state id source as stored.
    const stateIdSource = given.stateIdSource ?? before?.stateIdSource ?? "identifier";
    const stateIdField = stateIdSource === "identifier" ? null : given.stateIdField === undefined ? (before?.stateIdField ?? null) : given.stateIdField;
    if (stateIdSource !== "identifier" && !stateIdField) throw fieldError("stateIdField", "Name the userIds type or the metadata column");
    const info = {
      active: given.active ?? before?.active ?? true,
      reviewPulls: given.reviewPulls ?? before?.reviewPulls ?? false,
      tokenUrl: given.tokenUrl,
      clientId: given.clientId,
      baseUrl: given.baseUrl,
      stateIdSource,
      stateIdField,
    };
    // Who set the provider up: the hourly pull runs as them when no integration user may load bundles,
    // and a pull held for review is theirs to read and apply.
    const stored = { ...info, savedBy: actor.userId };
    // A new provider, base URL or client, or one turned back on, starts again with a full pull: earlier
    // pulls were of another provider, or missed what it deleted meanwhile.
    const restart = !before || before.baseUrl !== info.baseUrl || before.clientId !== info.clientId || (!before.active && info.active);
    await rows(
      db(),
      sql`insert into district_data_integrations (tenant_id, district_id, oneroster_info, oneroster_secret_encrypted, oneroster_restarted_at)
        values (${t}, ${district.id}, ${JSON.stringify(stored)}::jsonb, ${clientSecret ? encryptSecret(clientSecret) : null}, now())
        on conflict (tenant_id, district_id) do update set oneroster_info = excluded.oneroster_info,
          oneroster_secret_encrypted = coalesce(excluded.oneroster_secret_encrypted, district_data_integrations.oneroster_secret_encrypted),
          oneroster_restarted_at = ${restart ? sql`now()` : sql`district_data_integrations.oneroster_restarted_at`}, updated_at = now()
        returning id`,
    );
    const was: Record<string, unknown> = before ?? {};
    const fields = Object.keys(info).filter((k) => was[k] !== info[k as keyof typeof info]);
    await writeAudit(
      actor,
      [
        {
          action: before ? "oneroster_provider_update" : "oneroster_provider_create",
          entityType: "district",
          entityId: district.id,
          details: {
            fields: [...fields, ...(clientSecret ? ["clientSecret"] : [])],
            before: Object.fromEntries(fields.map((k) => [k, was[k] ?? null])),
            after: Object.fromEntries(fields.map((k) => [k, info[k as keyof typeof info]])),
          },
        },
      ],
      origin,
    );
    const [saved] = await providerRow(t, district.id);
    return { message: SAVED, provider: viewOf(saved)! };
  });
}

/** POST /data-integrations/oneroster/pull {districtId, full?}: "Pull now" ("Pull everything now" with full); a pull already waiting is answered instead. */
export async function pullNow(actor: Actor, input: { districtId: number; full?: boolean }, origin: AuditOrigin = {}) {
  authorize(actor, "organisations.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const district = await administeredDistrict(actor, input.districtId, true);
    const [row] = await providerRow(t, district.id);
    const provider = viewOf(row);
    if (!row || !provider || !provider.secretSet) throw notFound(NO_PROVIDER);
    if (!provider.active) throw conflict(NOT_ACTIVE);
    const [already] = await rows<RunRow>(
      db(),
      sql`select ${runColumns} from district_data_integration_runs r where r.tenant_id = ${t} and r.integration_id = ${row.id} and ${waiting} order by r.id limit 1`,
    );
    if (already) return { message: PULL_REQUESTED, run: toRun(already) };
    const [run] = await rows<RunRow>(
      db(),
      sql`insert into district_data_integration_runs as r (tenant_id, integration_id, trigger, requested_by, source, oneroster_kind)
        values (${t}, ${row.id}, 'manual', ${actor.userId}, 'oneroster', ${input.full ? "full" : null}) returning ${runColumns}`,
    );
    await writeAudit(
      actor,
      [
        {
          action: "oneroster_pull",
          entityType: "district",
          entityId: district.id,
          details: { integrationId: row.id, runId: run.id, full: input.full === true },
        },
      ],
      origin,
    );
    await sendJob(oneRosterPullJob, { tenantId: t, runId: run.id }, { idempotencyKey: `oneroster-pull:${t}:${run.id}` });
    return { message: PULL_REQUESTED, run: toRun(run) };
  });
}

/**
 * The hourly tick (system, across tenants): a queued pull for every active provider with a secret and
 * none waiting. Where pulls are reviewed and one waits for review, a skipped run says so instead, once:
 * later hours add none until that pull is applied or replaced.
 */
export async function queueScheduledPulls(): Promise<{ queued: number; skipped: number }> {
  const runs = await rows<{ tenant_id: number; id: number; status: string }>(
    db(),
    sql`insert into district_data_integration_runs (tenant_id, integration_id, trigger, source, status, started_at, finished_at, message)
      select i.tenant_id, i.id, 'schedule', 'oneroster', case when h.held then 'skipped' else 'queued' end,
        case when h.held then now() end, case when h.held then now() end, case when h.held then ${HELD} end
      from district_data_integrations i
      cross join lateral (select coalesce((i.oneroster_info->>'reviewPulls')::boolean, false) and ${heldForReview} as held) h
      where i.oneroster_info ? 'baseUrl' and coalesce((i.oneroster_info->>'active')::boolean, true) and i.oneroster_secret_encrypted is not null
        and not exists (select 1 from district_data_integration_runs r where r.tenant_id = i.tenant_id and r.integration_id = i.id and ${waiting})
        and not (h.held and coalesce((select r.status from district_data_integration_runs r where r.tenant_id = i.tenant_id and r.integration_id = i.id
          and r.source = 'oneroster' order by r.id desc limit 1) = 'skipped', false))
      returning tenant_id, id, status`,
  );
  const queued = runs.filter((r) => r.status === "queued");
  await sendJobs(
    oneRosterPullJob,
    queued.map((r) => ({ payload: { tenantId: r.tenant_id, runId: r.id }, idempotencyKey: `oneroster-pull:${r.tenant_id}:${r.id}` })),
  );
  return { queued: queued.length, skipped: runs.length - queued.length };
}
