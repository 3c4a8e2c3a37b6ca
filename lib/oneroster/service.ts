import "server-only";
import { buffer as readAll } from "node:stream/consumers";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { database, db, detached, rows, withTenant } from "@/db/client";
import { personColumns, internalActor, type PersonRow } from "@/lib/bulk-load/uploader";
import { authorize, can } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { AppError, forbidden, notFound } from "@/lib/platform/errors";
import { log } from "@/lib/platform/logger";
import { defineJob, PermanentJobError, sendJob, type JobContext, type JobOutput } from "@/lib/platform/queue";
import { listAdminCollections } from "@/lib/collections/admin-collections";
import { analyzeAfterCommit } from "@/lib/platform/statistics";
import { storage } from "@/lib/platform/storage";
import { forTenant } from "@/lib/platform/tenancy";
import { applyPlan } from "./apply";
import { BundleProblem, MAX_BUNDLE_BYTES, readBundle } from "./bundle";
import { planLoad, type KindCounts, type PlanKind, type StateIdSource } from "./mapping";
import { districtReach } from "./reach";
import type { Refusal } from "./records";
import type { LoadView, RequestLoadBody } from "./schemas";
import { readSnapshot } from "./snapshot";

/**
 * The OneRoster 1.2 CSV intake (docs/integrations.md "OneRoster 1.2 CSV"). A district's administrator
 * (their districts) or a tenant admin (the state) uploads a bundle (purpose oneroster) and asks for a
 * load: a `oneroster.run` job reads and checks the bundle, plans the changes against our records and
 * keeps the plan's counts and refused rows (the dry run); nothing is written. Applying it queues the
 * job again, which plans afresh (the records may have changed since) and carries the plan out in one
 * transaction (apply.ts), one apply per tenant at a time. Loads are the requester's; a tenant admin sees the tenant's. Another
 * tenant's or person's load is 404.
 */

export const oneRosterJob = defineJob({
  name: "oneroster.run",
  payload: z.object({ tenantId: z.number().int().positive(), loadId: z.number().int().positive(), mode: z.enum(["check", "apply"]) }),
  retryLimit: 1,
  expireInSeconds: 60 * 60,
});

const REQUESTED = "Your OneRoster bundle is being checked";
const APPLYING = "Your OneRoster bundle is being applied";
const LOAD_NOT_FOUND = "OneRoster load not found";
const NO_DISTRICT = "Only a district's or the state's administrator loads OneRoster bundles";
const MAX_REFUSED_KEPT = 2000;
/** Refused rows are listed by file in the order the mapping reads them, then by line. */
const FILE_ORDER = ["manifest.csv", "orgs.csv", "academicSessions.csv", "roles.csv", "users.csv", "classes.csv", "enrollments.csv", "demographics.csv"];

interface Row {
  id: number;
  status: LoadView["status"];
  phase: string | null;
  original_file_name: string;
  username: string | null;
  options: { stateIdSource?: string; stateIdField?: string; regionId?: number | null; dataCollectionId?: number | null };
  created_at: Date | string;
  checked_at: Date | string | null;
  applied_at: Date | string | null;
  planned: Record<PlanKind, KindCounts> | null;
  applied: Record<PlanKind, KindCounts> | null;
  refused_count: number;
  refused?: Refusal[];
  message: string | null;
  user_id: number | null;
  file_name: string;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toView(row: Row): LoadView {
  const o = row.options ?? {};
  return {
    id: row.id,
    status: row.status,
    phase: row.phase,
    originalFileName: row.original_file_name,
    username: row.username,
    stateIdSource: o.stateIdSource === "identifier" || !o.stateIdSource ? "identifier" : `${o.stateIdSource}:${o.stateIdField ?? ""}`,
    createdAt: iso(row.created_at)!,
    checkedAt: iso(row.checked_at),
    appliedAt: iso(row.applied_at),
    planned: row.planned,
    applied: row.applied,
    refusedCount: row.refused_count,
    refused: row.refused ?? [],
    message: row.message,
  };
}

function loadRows(t: number, where: SQL, withRefused: boolean, tail: SQL = sql``): Promise<Row[]> {
  return rows<Row>(
    db(),
    sql`select o.id, o.status, o.phase, o.original_file_name, u.username, o.options, o.created_at, o.checked_at, o.applied_at, o.planned, o.applied,
        o.refused_count, ${withRefused ? sql`o.refused,` : sql``} o.message, o.user_id, o.file_name
      from oneroster_loads o left join users u on u.tenant_id = o.tenant_id and u.id = o.user_id
      where o.tenant_id = ${t} and ${where} ${tail}`,
  );
}

const visible = (actor: Actor) => (actor.tenantWide ? sql`true` : sql`o.user_id = ${actor.userId}`);

/** POST /oneroster/loads: check a completed upload and plan its changes (the dry run). The same upload again answers the same load. */
export async function requestOneRosterLoad(actor: Actor, body: RequestLoadBody, origin: AuditOrigin) {
  authorize(actor, "oneroster.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const reach = await districtReach(actor);
    if (!reach.all && !reach.districts.length) throw forbidden(NO_DISTRICT);
    const [file] = await rows<{ id: number; storage_key: string; original_file_name: string; size: number | string | null }>(
      db(),
      sql`select id, storage_key, original_file_name, size from files
        where tenant_id = ${t} and id = ${body.fileId} and owner_id = ${actor.userId} and purpose = 'oneroster' and status = 'complete'`,
    );
    if (!file) throw notFound("File not found");
    if (Number(file.size ?? 0) > MAX_BUNDLE_BYTES) throw new AppError(413, "A OneRoster bundle may not be larger than 100 MB");
    if (body.regionId !== undefined) {
      if (!actor.tenantWide)
        throw new AppError(400, "Only a tenant admin chooses a region", [{ field: "regionId", message: "Only a tenant admin chooses a region" }]);
      const [region] = await rows<{ id: number }>(db(), sql`select id from regions where tenant_id = ${t} and id = ${body.regionId} and active`);
      if (!region) throw notFound("Region not found");
    }
    if (body.dataCollectionId !== undefined) {
      const [collection] = await rows<{ id: number }>(
        db(),
        sql`select id from data_collections where tenant_id = ${t} and id = ${body.dataCollectionId} and deleted_at is null`,
      );
      if (!collection) throw notFound("Collection not found");
    }
    const [existing] = await loadRows(t, sql`o.file_id = ${file.id}`, true);
    if (existing) return { message: REQUESTED, load: toView(existing) };
    const options = {
      stateIdSource: body.stateIdSource,
      stateIdField: body.stateIdField ?? null,
      regionId: body.regionId ?? null,
      dataCollectionId: body.dataCollectionId ?? null,
    };
    const [created] = await rows<{ id: number }>(
      db(),
      sql`insert into oneroster_loads (tenant_id, user_id, file_id, file_name, original_file_name, options, scope)
        values (${t}, ${actor.userId}, ${file.id}, ${file.storage_key}, ${file.original_file_name}, ${JSON.stringify(options)}::jsonb,
          ${JSON.stringify({ impersonatorId: actor.impersonatorId ?? null })}::jsonb)
        returning id`,
    );
    await writeAudit(actor, [{ action: "request", entityType: "oneroster_load", entityId: created.id, details: { fileId: file.id, mode: "check" } }], origin);
    await sendJob(oneRosterJob, { tenantId: t, loadId: created.id, mode: "check" }, { idempotencyKey: `oneroster:${t}:${created.id}:check` });
    const [row] = await loadRows(t, sql`o.id = ${created.id}`, true);
    return { message: REQUESTED, load: toView(row) };
  });
}

/** The page's choice of collection: those of the admin's still open for enrollment, by name. */
export async function oneRosterCollectionChoices(actor: Actor): Promise<{ id: number; name: string }[]> {
  authorize(actor, "oneroster.manage");
  const now = Date.now() / 1000;
  return (await listAdminCollections(actor))
    .filter((c) => c.enrollmentEndDate >= now)
    .map((c) => ({ id: c.id, name: `${c.collectionName} (${c.schoolYear.label})` }));
}

/**
 * The district feed's bundle (lib/organisations/ftp-feed-run.ts): its dry run, requested as the feed's
 * actor with the state id source of that person's last OneRoster load (else `identifier`). They read
 * it and apply it on the OneRoster page; the dry run's notification tells them it is ready.
 */
export async function feedOneRosterLoad(actor: Actor, fileId: number) {
  const [last] = await forTenant(actor, () =>
    rows<{ options: Row["options"] }>(
      db(),
      sql`select options from oneroster_loads where tenant_id = ${actor.tenantId} and user_id = ${actor.userId} order by id desc limit 1`,
    ),
  );
  const o = last?.options ?? {};
  const source = o.stateIdSource === "userIds" || o.stateIdSource === "metadata" ? o.stateIdSource : "identifier";
  return requestOneRosterLoad(
    actor,
    { fileId, stateIdSource: source, stateIdField: source === "identifier" ? undefined : (o.stateIdField ?? undefined) },
    { requestId: "district-feed" },
  );
}

export async function listOneRosterLoads(actor: Actor, query: { page: number; pageSize: number }) {
  authorize(actor, "oneroster.manage");
  return forTenant(actor, async () => {
    const found = await loadRows(
      actor.tenantId,
      visible(actor),
      false,
      sql`order by o.created_at desc, o.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    );
    const [total] = await rows<{ n: number | string }>(
      db(),
      sql`select count(*) as n from oneroster_loads o where o.tenant_id = ${actor.tenantId} and ${visible(actor)}`,
    );
    return {
      loads: found.map((r) => {
        const { refused: _refused, ...view } = toView(r);
        return view;
      }),
      total: Number(total.n),
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

export async function getOneRosterLoad(actor: Actor, id: number) {
  authorize(actor, "oneroster.manage");
  const [row] = await forTenant(actor, () => loadRows(actor.tenantId, sql`o.id = ${id} and ${visible(actor)}`, true));
  if (!row) throw notFound(LOAD_NOT_FOUND);
  return { load: toView(row) };
}

/** Why a load that is not `checked` cannot be applied: a failed one (refused, or replaced by a later pull) says its own reason. */
function notApplicable(status: string, message: string | null): string {
  if (status === "applied" || status === "applying") return "This bundle has already been applied";
  if (status === "failed" && message) return message;
  return "The bundle's dry run has not finished";
}

/** POST /oneroster/loads/{id}/apply: apply a checked load (409 before its dry run has finished, or once applied). */
export async function applyOneRosterLoad(actor: Actor, id: number, origin: AuditOrigin) {
  authorize(actor, "oneroster.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const [row] = await loadRows(t, sql`o.id = ${id} and ${visible(actor)}`, false, sql`for update of o`);
    if (!row) throw notFound(LOAD_NOT_FOUND);
    if (row.status !== "checked") throw new AppError(409, notApplicable(row.status, row.message));
    await db().execute(sql`update oneroster_loads set status = 'applying', phase = 'queued', updated_at = now() where tenant_id = ${t} and id = ${id}`);
    await writeAudit(actor, [{ action: "apply", entityType: "oneroster_load", entityId: id, details: { mode: "apply" } }], origin);
    await sendJob(oneRosterJob, { tenantId: t, loadId: id, mode: "apply" }, { idempotencyKey: `oneroster:${t}:${id}:apply` });
    const [after] = await loadRows(t, sql`o.id = ${id}`, true);
    return { message: APPLYING, load: toView(after) };
  });
}

/* The job. */

type Payload = z.infer<typeof oneRosterJob.payload>;

const setPhase = (t: number, id: number, phase: string) =>
  withTenant(t, () => db().execute(sql`update oneroster_loads set phase = ${phase}, updated_at = now() where tenant_id = ${t} and id = ${id}`));

/** Phases written on another connection while the apply's transaction runs (PostgreSQL; PGlite has one session). */
function phaseReporter(t: number, id: number): (phase: string) => void {
  if (database().kind === "pglite") return () => undefined;
  // Only while the load is applying: a late write must not outlive the finish.
  return (phase) =>
    void detached(() =>
      withTenant(t, () =>
        db().execute(
          sql`update oneroster_loads set phase = ${`applying: ${phase}`}, updated_at = now() where tenant_id = ${t} and id = ${id} and status = 'applying'`,
        ),
      ),
    ).catch(() => undefined);
}

/** The tenant's apply lock, for this transaction; a load that must wait says so on its phase meanwhile. */
async function oneApplyAtATime(t: number, id: number) {
  const key = sql`hashtext('oneroster.apply'), ${t}`;
  const [free] = await rows<{ ok: boolean }>(db(), sql`select pg_try_advisory_xact_lock(${key}) as ok`);
  if (free.ok) return;
  phaseReporter(t, id)("waiting for another load to finish");
  await db().execute(sql`select pg_advisory_xact_lock(${key})`);
}

async function loaderActor(t: number, userId: number | null, impersonatorId: number | null): Promise<Actor> {
  const [user] =
    userId === null
      ? []
      : await rows<PersonRow>(
          db(),
          sql`select ${personColumns(t)} from users u join tenants t on t.id = u.tenant_id
            where u.tenant_id = ${t} and u.id = ${userId} and u.enabled and not u.locked and not u.expired`,
        );
  if (!user || !can({ roles: user.roles }, "oneroster.manage")) throw new PermanentJobError("The person who asked for the load may no longer load rosters");
  return internalActor(t, user, impersonatorId);
}

const sourceOf = (o: Row["options"]): StateIdSource =>
  o.stateIdSource === "userIds"
    ? { from: "userIds", type: o.stateIdField ?? "" }
    : o.stateIdSource === "metadata"
      ? { from: "metadata", field: o.stateIdField ?? "" }
      : { from: "identifier" };

export async function runOneRosterLoad(payload: Payload, _context: JobContext): Promise<JobOutput> {
  const { tenantId: t, loadId, mode } = payload;
  const claimed = await withTenant(t, async () => {
    const [row] = await rows<Row & { scope: { impersonatorId?: number | null } }>(
      db(),
      sql`update oneroster_loads set status = ${mode === "check" ? "checking" : "applying"}, phase = 'reading', updated_at = now()
        where tenant_id = ${t} and id = ${loadId} and status = ${mode === "check" ? sql`any('{queued,checking}'::text[])` : sql`'applying'`}
        returning *`,
    );
    return row;
  });
  if (!claimed) return { loadId, skipped: "not waiting" };
  const started = performance.now();
  try {
    const object = await storage().getObject(claimed.file_name);
    const zip = await readAll(object.body);
    const { records, refused: bundleRefused } = (() => {
      try {
        return readBundle(zip);
      } catch (error) {
        if (error instanceof BundleProblem) throw new PermanentJobError(error.message);
        throw error;
      }
    })();
    await setPhase(t, loadId, mode === "check" ? "planning" : "applying");
    const source = sourceOf(claimed.options);
    const result = await withTenant(t, async () => {
      // One apply per tenant at a time (two loads of a district, an upload and the REST pull's load): a
      // second waits here until the first commits, then plans from what the first wrote.
      if (mode === "apply") await oneApplyAtATime(t, loadId);
      const actor = await loaderActor(t, claimed.user_id, claimed.scope?.impersonatorId ?? null);
      const reach = await districtReach(actor);
      if (!reach.all && !reach.districts.length) throw new PermanentJobError(NO_DISTRICT);
      const snapshot = await readSnapshot(actor, reach, records, source, claimed.options.regionId ?? null, claimed.options.dataCollectionId ?? null);
      const plan = planLoad(records, snapshot, source);
      if (mode === "check") return { planned: plan.counts, applied: null, refused: [...bundleRefused, ...plan.refused], ms: {} };
      const applied = await applyPlan(
        actor,
        plan,
        { id: loadId, regionId: claimed.options.regionId ?? null, dataCollectionId: claimed.options.dataCollectionId ?? null },
        phaseReporter(t, loadId),
      );
      return { planned: plan.counts, applied: applied.counts, refused: [...bundleRefused, ...plan.refused, ...applied.refused], ms: applied.ms };
    });
    if (mode === "apply") await analyzeAfterCommit(["students", "student_enrollments", "enrollment_associations", "oneroster_links"], records.users.length);
    const order = (file: string) => FILE_ORDER.indexOf(file) >>> 0;
    const refused = [...result.refused].sort((a, b) => order(a.file) - order(b.file) || a.line - b.line);
    await withTenant(t, async () => {
      await db().execute(
        sql`update oneroster_loads set status = ${mode === "check" ? "checked" : "applied"}, phase = null, updated_at = now(),
          ${mode === "check" ? sql`checked_at = now(), planned = ${JSON.stringify(result.planned)}::jsonb` : sql`applied_at = now(), applied = ${JSON.stringify(result.applied)}::jsonb`},
          refused = ${JSON.stringify(refused.slice(0, MAX_REFUSED_KEPT))}::jsonb, refused_count = ${refused.length}
          where tenant_id = ${t} and id = ${loadId}`,
      );
      if (claimed.user_id !== null)
        await db().execute(
          sql`insert into notifications (tenant_id, user_id, type, message, metadata) values (${t}, ${claimed.user_id}, 'oneroster',
            ${mode === "check" ? `Your OneRoster bundle "${claimed.original_file_name}" is checked: read its dry run and apply it` : `Your OneRoster bundle "${claimed.original_file_name}" is applied`},
            ${JSON.stringify({ oneRosterLoadId: loadId })}::jsonb)`,
        );
    });
    const ms = Math.round(performance.now() - started);
    log.info("oneroster load", { loadId, tenantId: t, mode, users: records.users.length, refused: refused.length, ms, steps: result.ms });
    return { loadId, mode, refused: refused.length, ms };
  } catch (error) {
    const permanent = error instanceof PermanentJobError;
    const message = permanent ? error.message : "The bundle could not be loaded; nothing of it was written. Please try again.";
    if (!permanent)
      log.error("oneroster load failed", {
        loadId,
        tenantId: t,
        code: (error as { code?: string }).code ?? null,
        error: error instanceof Error ? String((error.cause as Error | undefined)?.message ?? error.message).slice(0, 300) : "unknown",
      });
    await withTenant(t, () =>
      db().execute(
        sql`update oneroster_loads set status = 'failed', phase = null, message = ${message}, updated_at = now() where tenant_id = ${t} and id = ${loadId}`,
      ),
    );
    throw permanent ? error : new PermanentJobError(message);
  }
}
