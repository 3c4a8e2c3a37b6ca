import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, rows } from "@/db/client";
import { students } from "@/db/schema";
import { handlers } from "@/jobs/registry";
import { notificationHref } from "@/lib/notifications/links";
import { queueScheduledPulls } from "@/lib/organisations/oneroster-provider";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { GET as providerGet, PUT as providerPut } from "@/app/en/api/v1/data-integrations/oneroster/route";
import { POST as pullPost } from "@/app/en/api/v1/data-integrations/oneroster/pull/route";
import { POST as applyPost } from "@/app/en/api/v1/oneroster/loads/[id]/apply/route";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeRegion, makeTenant, makeUser } from "../support/factories";
import { TEST_JOB_ENV, setEnv, waitFor } from "../support/jobs";
import { districtRoster } from "../support/oneroster";
import { apply, changes, getLoad } from "../support/oneroster-loads";
import { restRoster, startMockProvider, type ProviderUnderTest } from "../support/oneroster-provider";
import { useLocalStorage, type StorageUnderTest } from "../support/storage";

setEnv(TEST_JOB_ENV);

/**
 * The OneRoster 1.2 REST pull against a mock provider: Prism's validating proxy on the Ed-Fi
 * Alliance's published OneRoster 1.2 description (tests/fixtures/oneroster) in front of the test's
 * records, with a client-credentials token endpoint. Tenant A: region R, district D (its admin asks
 * for the pulls) and D2 (its admin); tenant B: an admin.
 */
let W: Awaited<ReturnType<typeof world>>;
let store: StorageUnderTest;
let mock: ProviderUnderTest;

async function world() {
  const tenant = await makeTenant();
  const t = tenant.id;
  const region = await makeRegion(t);
  const d = await makeDistrict(t, region.id, { uniqueId: `REST-D-${t}` });
  const d2 = await makeDistrict(t, region.id, { uniqueId: `REST-D2-${t}` });
  const districtAdmin = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d.id, administrative: true }] });
  const otherDistrictAdmin = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d2.id, administrative: true }] });
  const other = await makeTenant();
  const otherAdmin = await makeUser(other.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  return {
    t,
    d,
    d2,
    districtAdminId: districtAdmin.id,
    districtAdmin: await tokenFor(districtAdmin),
    otherDistrictAdmin: await tokenFor(otherDistrictAdmin),
    otherAdmin: await tokenFor(otherAdmin),
  };
}

beforeAll(async () => {
  store = await useLocalStorage();
  mock = await startMockProvider();
  await startWorkers(handlers);
}, 90_000);

// Each test its own tenant and district, the provider as it starts, and no other test's provider on
// (the hourly tick queues every active provider of the database).
beforeEach(async () => {
  W = await world();
  Object.assign(mock, { data: restRoster(files(), T0), maxPage: 0, totalHeader: true, failNext: null });
  mock.requests.length = 0;
  await db().execute(sql`update district_data_integrations set oneroster_info = oneroster_info || '{"active": false}'::jsonb where oneroster_info ? 'baseUrl'`);
});

afterAll(async () => {
  await stopWorkers();
  await mock?.stop();
  await store?.stop();
});

const settings = (extra: Record<string, unknown> = {}) => ({
  districtId: W.d.id,
  tokenUrl: mock.tokenUrl,
  clientId: mock.clientId,
  clientSecret: mock.clientSecret,
  baseUrl: mock.baseUrl,
  ...extra,
});
const put = (token: string, body: Record<string, unknown>) => call(providerPut, "PUT", "/en/api/v1/data-integrations/oneroster", { token, body });
const get = (token: string, districtId = W.d.id) =>
  call(providerGet, "GET", "/en/api/v1/data-integrations/oneroster", { token, query: { districtId: String(districtId) } });

/** A run that has done what it can alone: finished, or waiting for review. */
const DONE = ["succeeded", "failed", "review", "skipped"];

/** Pull now (everything: Pull everything now) and wait for the run to finish. */
async function pull(full?: boolean) {
  const body = full ? { districtId: W.d.id, full } : { districtId: W.d.id };
  const res = await call(pullPost, "POST", "/en/api/v1/data-integrations/oneroster/pull", { token: W.districtAdmin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const runId = res.body.run.id as number;
  return waitFor(
    async () => {
      const run = (await get(W.districtAdmin)).body.oneRoster.runs.find((r: { id: number }) => r.id === runId);
      return run && DONE.includes(run.status) ? run : undefined;
    },
    60_000,
    `pull ${runId}`,
  );
}

const T0 = "2026-08-01T00:00:00.000Z";
const files = () =>
  districtRoster({ districtIdentifier: `REST-D-${W.t}`, schools: 2, teachersPerSchool: 2, childrenPerTeacher: 3, prefix: prefix(), stateIdStart: 7 });
/** The roster's prefix: each test's world its own, since teachers' e-mails are unique across tenants. */
const prefix = () => `rp${W.t}`;

/** The latest run once it is an hourly one that finished. */
const scheduled = () =>
  waitFor(
    async () => {
      const [latest] = (await get(W.districtAdmin)).body.oneRoster.runs;
      return latest?.trigger === "schedule" && DONE.includes(latest.status) ? latest : undefined;
    },
    60_000,
    "scheduled pull",
  );

/** A day passes for the district's provider: its pulls (and when it was named) move back 24 hours. */
async function aDayLater() {
  await db().execute(
    sql`update district_data_integration_runs set created_at = created_at - interval '24 hours', started_at = started_at - interval '24 hours',
      finished_at = finished_at - interval '24 hours' where tenant_id = ${W.t} and source = 'oneroster'`,
  );
  await db().execute(sql`update district_data_integrations set oneroster_restarted_at = oneroster_restarted_at - interval '24 hours' where tenant_id = ${W.t}`);
}

/** A child's enrollments in the tenant: whether each is active, and its roster entries. */
const placement = (stateId: string) =>
  rows<{ active: boolean; rostered: number }>(
    db(),
    sql`select e.active, (select count(*)::int from enrollment_associations a where a.tenant_id = e.tenant_id and a.student_enrollment_id = e.id) as rostered
      from student_enrollments e join students s on s.tenant_id = e.tenant_id and s.id = e.student_id
      where s.tenant_id = ${W.t} and s.tenant_unique_id = ${stateId}`,
  );

/** The provider saved and one full pull of the roster applied, as later pulls find them. */
async function pulledOnce() {
  expect((await put(W.districtAdmin, settings())).status).toBe(200);
  mock.maxPage = 4; // the provider's own cap: fewer than the pull's limit per page
  expect(await pull()).toMatchObject({ status: "succeeded" });
  mock.requests.length = 0;
}

const child = async (stateId: string) =>
  (
    await db()
      .select()
      .from(students)
      .where(and(eq(students.tenantId, W.t), eq(students.tenantUniqueId, stateId)))
  )[0];

describe("provider settings", () => {
  it("refuses a base URL that is not a OneRoster 1.2 rostering base, a first save without a secret, and plain http to another host", async () => {
    const bad = await put(W.districtAdmin, settings({ baseUrl: "https://sis.example/ims/oneroster/v1p1" }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({ field: "baseUrl", message: "Base URL must end with /ims/oneroster/rostering/v1p2" });
    const noSecret = await put(W.districtAdmin, settings({ clientSecret: undefined }));
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.errors).toContainEqual({ field: "clientSecret", message: "Client secret is required" });
    const http = await put(W.districtAdmin, settings({ tokenUrl: "http://sis.example/token" }));
    expect(http.status).toBe(400);
    expect(http.body.errors).toContainEqual({ field: "tokenUrl", message: "Token URL must be an https:// address" });
    expect((await get(W.districtAdmin)).body.oneRoster.provider).toBeNull();
  });

  it("saves the provider with its secret sealed, never answers the secret, and keeps it when an edit leaves it out", async () => {
    const saved = await put(W.districtAdmin, settings({ baseUrl: `${mock.baseUrl}/` }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ message: "Integration Saved", provider: { baseUrl: mock.baseUrl, secretSet: true, clientId: mock.clientId } });
    const again = await put(W.districtAdmin, settings({ clientSecret: undefined }));
    expect(again.status).toBe(200);
    const read = await get(W.districtAdmin);
    expect(read.body.oneRoster.provider).toMatchObject({ secretSet: true, tokenUrl: mock.tokenUrl, active: true, stateIdSource: "identifier" });
    for (const body of [saved.body, again.body, read.body]) expect(JSON.stringify(body)).not.toContain(mock.clientSecret);
    const [stored] = await rows<{ s: string }>(
      db(),
      sql`select oneroster_secret_encrypted as s from district_data_integrations where tenant_id = ${W.t} and district_id = ${W.d.id}`,
    );
    expect(stored.s).toMatch(/^v1\./);
    expect(stored.s).not.toContain(mock.clientSecret);
  });

  it("answers 404 for another district's admin and another tenant's admin, and changes nothing", async () => {
    expect((await put(W.districtAdmin, settings())).status).toBe(200);
    expect((await get(W.otherDistrictAdmin)).status).toBe(404);
    expect((await get(W.otherAdmin)).status).toBe(404);
    expect((await put(W.otherAdmin, settings({ clientId: "stolen" }))).status).toBe(404);
    const pulled = await call(pullPost, "POST", "/en/api/v1/data-integrations/oneroster/pull", { token: W.otherAdmin, body: { districtId: W.d.id } });
    expect(pulled.status).toBe(404);
    expect((await get(W.districtAdmin)).body.oneRoster.provider.clientId).toBe(mock.clientId);
  });
});

describe("pulls", () => {
  it("pulls the whole roster page by page, checked by the published description, and applies it as a OneRoster load", async () => {
    expect((await put(W.districtAdmin, settings())).status).toBe(200);
    mock.data = restRoster(files(), T0);
    mock.maxPage = 4; // the provider's own cap: fewer than the pull's limit per page
    mock.requests.length = 0;
    const run = await pull();
    expect(run, mock.prismLog().slice(-2000)).toMatchObject({ status: "succeeded", recordsPulled: 3 + 1 + 16 + 4 + 16 + 12 });
    expect(run.message).toMatch(/^52 records pulled \(full roster\): [1-9]\d* created, 0 updated, 0 ended, 0 refused$/);
    // 16 users in pages of 4: offsets 0, 4, 8, 12 and no more (X-Total-Count says 16); no filter on a full pull.
    const users = mock.requests.filter((r) => r.collection === "users");
    expect(users.map((r) => r.offset)).toEqual([0, 4, 8, 12]);
    expect(users.every((r) => r.limit === 1000 && r.filter === null)).toBe(true);
    const [load] = await rows<{ status: string; applied: Record<string, { created: number }>; refused_count: number; original_file_name: string }>(
      db(),
      sql`select status, applied, refused_count, original_file_name from oneroster_loads where tenant_id = ${W.t} and id = ${run.oneRosterLoadId}`,
    );
    expect(load).toMatchObject({ status: "applied", refused_count: 0, original_file_name: `oneroster-pull-${run.id}-bulk.zip` });
    expect(load.applied.students.created).toBe(12);
    const first = await child("0007000001");
    expect(first).toMatchObject({ firstName: "Child1" });
    expect((await get(W.districtAdmin)).body.oneRoster.lastPullAt).toBeGreaterThanOrEqual(run.startedAt);
  });

  it("pulls a delta: only records changed since the last pull, one renamed child and one enrollment ended", async () => {
    await pulledOnce();
    const [{ since }] = await rows<{ since: string }>(
      db(),
      sql`select to_char(max(started_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as since from district_data_integration_runs
        where tenant_id = ${W.t} and source = 'oneroster'`,
    );
    const later = new Date().toISOString();
    const user = mock.data.users.find((u) => u.sourcedId === `${prefix()}-k2`)!;
    user.givenName = "Renamed";
    user.dateLastModified = later;
    const enrollment = mock.data.enrollments.find((e) => e.sourcedId.endsWith(`-${prefix()}-k3`))!;
    enrollment.status = "tobedeleted";
    enrollment.dateLastModified = later;
    mock.totalHeader = false; // the end of a collection is then an empty page
    mock.requests.length = 0;
    const run = await pull();
    expect(run, JSON.stringify(run)).toMatchObject({ status: "succeeded", kind: "delta", recordsPulled: 2 });
    // Every collection asked with the filter from the last successful pull's start.
    expect(new Set(mock.requests.map((r) => r.filter))).toEqual(new Set([`dateLastModified>'${since}'`]));
    expect(mock.requests.filter((r) => r.collection === "users").map((r) => r.offset)).toEqual([0, 1]);
    const [load] = await rows<{ applied: Record<string, { updated: number; ended: number }>; original_file_name: string }>(
      db(),
      sql`select applied, original_file_name from oneroster_loads where tenant_id = ${W.t} and id = ${run.oneRosterLoadId}`,
    );
    expect(load.original_file_name).toBe(`oneroster-pull-${run.id}-delta.zip`);
    expect(load.applied.students.updated).toBe(1);
    expect(load.applied.rosters.ended).toBe(1);
    expect((await child("0007000002")).firstName).toBe("Renamed");
    expect(load.applied.enrollments.ended).toBe(0);
    expect(run.message).toContain("changed since");
  });

  it("fails with a clear message when the token is refused, and changes nothing (records, the next delta's start)", async () => {
    await pulledOnce();
    const before = (await get(W.districtAdmin)).body.oneRoster.lastPullAt;
    expect((await put(W.districtAdmin, settings({ clientSecret: "wrong-secret" }))).status).toBe(200);
    const run = await pull();
    expect(run).toMatchObject({ status: "failed", message: "The provider refused the client id and secret (HTTP 401)", oneRosterLoadId: null });
    expect((await get(W.districtAdmin)).body.oneRoster.lastPullAt).toBe(before);
    const [notice] = await rows<{ message: string }>(
      db(),
      sql`select message from notifications where tenant_id = ${W.t} and type = 'district_feed' order by id desc limit 1`,
    );
    expect(notice.message).toBe("The OneRoster pull failed: The provider refused the client id and secret (HTTP 401)");
    expect((await put(W.districtAdmin, settings())).status).toBe(200);
  });

  it("fails when the provider refuses a page, applying nothing of what it had pulled", async () => {
    await pulledOnce();
    const before = (await get(W.districtAdmin)).body.oneRoster.lastPullAt;
    mock.data.users.find((u) => u.sourcedId === `${prefix()}-k1`)!.givenName = "NotApplied";
    mock.data.users.find((u) => u.sourcedId === `${prefix()}-k1`)!.dateLastModified = new Date().toISOString();
    mock.failNext = { collection: "classes", status: 403 };
    const run = await pull();
    expect(run.status).toBe("failed");
    expect(run.message).toBe("The provider refused classes (HTTP 403, offset 0)");
    expect(run.oneRosterLoadId).toBeNull();
    expect((await child("0007000001")).firstName).toBe("Child1");
    expect((await get(W.districtAdmin)).body.oneRoster.lastPullAt).toBe(before);
  });
});

describe("full pulls", () => {
  it("a delta does not notice records the provider deletes outright; the day's full pull ends them", async () => {
    await pulledOnce();
    expect(await placement("0007000003")).toEqual([{ active: true, rostered: 1 }]);
    // The provider drops child 3 (user, demographics, class enrollment) and child 4's class enrollment, marking nothing tobedeleted.
    const p = prefix();
    const gone = new Set([`${p}-k3`, `${p}-c1-1-${p}-k3`, `${p}-c1-2-${p}-k4`]);
    for (const c of ["users", "demographics", "enrollments"] as const) mock.data[c] = mock.data[c].filter((r) => !gone.has(r.sourcedId));
    const delta = await pull();
    expect(delta).toMatchObject({ status: "succeeded", kind: "delta", recordsPulled: 0, oneRosterLoadId: null });
    expect(delta.message).toMatch(/^0 records pulled \(changed since .+\): nothing to apply$/);
    expect(await placement("0007000003")).toEqual([{ active: true, rostered: 1 }]);
    expect(await placement("0007000004")).toEqual([{ active: true, rostered: 1 }]);
    expect((await get(W.districtAdmin)).body.oneRoster.fullPullDue).toBe(false);

    // A day on, the hourly pull reads everything and applies it as the whole set.
    await aDayLater();
    expect((await get(W.districtAdmin)).body.oneRoster.fullPullDue).toBe(true);
    mock.requests.length = 0;
    expect(await queueScheduledPulls()).toEqual({ queued: 1, skipped: 0 });
    const full = await scheduled();
    expect(full, JSON.stringify(full)).toMatchObject({ status: "succeeded", kind: "full", recordsPulled: 52 - 4 });
    expect(full.message).toMatch(/^48 records pulled \(full roster\): /);
    expect(mock.requests.length).toBeGreaterThan(0);
    expect(mock.requests.every((r) => r.filter === null)).toBe(true);
    const [load] = await rows<{ applied: Record<string, { ended: number }>; original_file_name: string }>(
      db(),
      sql`select applied, original_file_name from oneroster_loads where tenant_id = ${W.t} and id = ${full.oneRosterLoadId}`,
    );
    expect(load.original_file_name).toBe(`oneroster-pull-${full.id}-bulk.zip`);
    expect(load.applied.enrollments.ended).toBe(1);
    expect(load.applied.rosters.ended).toBe(2);
    // Child 3 is no longer enrolled; child 4 stays at the school, off the class's roster.
    expect(await placement("0007000003")).toEqual([{ active: false, rostered: 0 }]);
    expect(await placement("0007000004")).toEqual([{ active: true, rostered: 0 }]);
    const read = (await get(W.districtAdmin)).body.oneRoster;
    expect(read).toMatchObject({ fullPullDue: false, lastFullPullAt: full.startedAt, lastPullAt: full.startedAt });
  });

  it("pulls everything the first time, when asked, and once the provider's client changes or it is turned back on; changes only otherwise", async () => {
    await pulledOnce();
    const first = (await get(W.districtAdmin)).body.oneRoster;
    expect(first).toMatchObject({ fullPullDue: false, lastFullPullAt: first.runs[0].startedAt, runs: [{ kind: "full" }] });
    expect(await pull()).toMatchObject({ status: "succeeded", kind: "delta" });
    mock.requests.length = 0;
    const everything = await pull(true);
    expect(everything).toMatchObject({ status: "succeeded", kind: "full", recordsPulled: 52 });
    expect(everything.message).toMatch(/^52 records pulled \(full roster\): 0 created, 0 updated, 0 ended, 0 refused$/);
    expect(mock.requests.every((r) => r.filter === null)).toBe(true);
    expect((await get(W.districtAdmin)).body.oneRoster.lastFullPullAt).toBe(everything.startedAt);
    // Off and on again: deletions made meanwhile may have been missed.
    expect((await put(W.districtAdmin, settings({ active: false, clientSecret: undefined }))).status).toBe(200);
    expect((await get(W.districtAdmin)).body.oneRoster).toMatchObject({ fullPullDue: false });
    expect((await put(W.districtAdmin, settings({ active: true, clientSecret: undefined }))).status).toBe(200);
    expect((await get(W.districtAdmin)).body.oneRoster).toMatchObject({ fullPullDue: true, lastPullAt: null, lastFullPullAt: null });
    expect(await pull()).toMatchObject({ status: "succeeded", kind: "full" });
    // Another client of the provider: its records may be another set.
    expect((await put(W.districtAdmin, settings({ clientId: "another-client", clientSecret: undefined }))).status).toBe(200);
    expect((await get(W.districtAdmin)).body.oneRoster).toMatchObject({ fullPullDue: true, lastPullAt: null });
  });

  it("refuses to apply a full pull in which the provider lists no users", async () => {
    await pulledOnce();
    mock.data.users = [];
    const run = await pull(true);
    expect(run).toMatchObject({
      status: "failed",
      kind: "full",
      oneRosterLoadId: null,
      message: "The provider listed no orgs or no users: a full pull is not applied, as it would end the whole roster",
    });
    expect(await placement("0007000001")).toEqual([{ active: true, rostered: 1 }]);
  });
});

describe("review before a pull is applied", () => {
  const count = async (table: "students" | "oneroster_links") =>
    (await rows<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.raw(table)} where tenant_id = ${W.t}`))[0].n;
  const noticesOf = (userId: number) =>
    rows<{ type: string; message: string; metadata: Record<string, unknown> }>(
      db(),
      sql`select type, message, metadata from notifications where tenant_id = ${W.t} and user_id = ${userId} order by id`,
    );

  it("keeps the setting off by default and as stored when a PUT leaves it out", async () => {
    expect((await put(W.districtAdmin, settings())).body.provider.reviewPulls).toBe(false);
    expect((await put(W.districtAdmin, settings({ reviewPulls: true, clientSecret: undefined }))).body.provider.reviewPulls).toBe(true);
    expect((await put(W.districtAdmin, settings({ clientSecret: undefined }))).body.provider.reviewPulls).toBe(true);
    // What the read answers is accepted back as it is.
    const { provider } = (await get(W.districtAdmin)).body.oneRoster;
    expect((await put(W.districtAdmin, { ...provider, reviewPulls: false })).body.provider).toEqual({ ...provider, reviewPulls: false });
    const unknown = await put(W.districtAdmin, settings({ reviewEachPull: true }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toContainEqual(expect.objectContaining({ field: "reviewEachPull" }));
  });

  it("stops a pull after its dry run: nothing written, the saver told with a link to it, the hourly pull skipped once; applying it writes what it showed", async () => {
    expect((await put(W.districtAdmin, settings({ reviewPulls: true }))).status).toBe(200);
    // An integration user, told of runs as today.
    const told = await makeUser(W.t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: W.d.id, administrative: true }] });
    const integrationId = (await get(W.districtAdmin)).body.oneRoster.provider.id;
    await db().execute(sql`insert into district_data_integration_users (tenant_id, integration_id, user_id) values (${W.t}, ${integrationId}, ${told.id})`);

    expect(await queueScheduledPulls()).toEqual({ queued: 1, skipped: 0 });
    const run = await scheduled();
    expect(run, JSON.stringify(run)).toMatchObject({ status: "review", kind: "full", recordsPulled: 52 });
    expect(run.message).toMatch(/^52 records pulled \(full roster\), dry run: [1-9]\d* to create, 0 to update, 0 to end, 0 refused$/);
    const dry = (await getLoad(W.districtAdmin, run.oneRosterLoadId)).body.load;
    expect(dry).toMatchObject({ status: "checked", originalFileName: `oneroster-pull-${run.id}-bulk.zip`, refusedCount: 0 });
    expect(dry.planned.students.created).toBe(12);
    // Nothing is written before the apply.
    expect(await count("students")).toBe(0);
    expect(await count("oneroster_links")).toBe(0);
    expect((await get(W.districtAdmin)).body.oneRoster).toMatchObject({ lastPullAt: null, fullPullDue: true });
    // The admin who saved the settings owns the load and is told its dry run is ready, with a link to it; the integration user is told as today.
    const [notice] = await noticesOf(W.districtAdminId);
    expect(notice).toMatchObject({
      type: "oneroster",
      message: `Your OneRoster bundle "oneroster-pull-${run.id}-bulk.zip" is checked: read its dry run and apply it`,
    });
    expect(notificationHref(notice.type, notice.metadata, "administrator")).toBe(`/administrator/oneroster?load=${run.oneRosterLoadId}`);
    expect(await noticesOf(told.id)).toEqual([
      expect.objectContaining({ type: "district_feed", message: `The OneRoster pull waits for review: ${run.message}` }),
    ]);

    // The next hourly pull does not pile up a second: one skipped run says why, later hours add none.
    expect(await queueScheduledPulls()).toEqual({ queued: 0, skipped: 1 });
    const [skipped, waiting] = (await get(W.districtAdmin)).body.oneRoster.runs;
    expect(skipped).toMatchObject({
      status: "skipped",
      kind: null,
      message: "Skipped: a pull waits for review. Read its dry run on the OneRoster page and apply it",
    });
    expect(waiting).toMatchObject({ id: run.id, status: "review" });
    expect(await queueScheduledPulls()).toEqual({ queued: 0, skipped: 0 });

    // Applied on the OneRoster page: it writes what the dry run showed, and counts as the last (full) pull from then on.
    const applied = await apply(W.districtAdmin, run.oneRosterLoadId);
    expect(applied.status).toBe("applied");
    expect(changes(applied.applied)).toEqual(changes(dry.planned));
    expect(await count("students")).toBe(12);
    expect(await child("0007000001")).toMatchObject({ firstName: "Child1" });
    const after = (await get(W.districtAdmin)).body.oneRoster;
    expect(after.runs.find((r: { id: number }) => r.id === run.id)).toMatchObject({ status: "succeeded" });
    expect(after).toMatchObject({ lastPullAt: run.startedAt, lastFullPullAt: run.startedAt, fullPullDue: false });
    // The next hourly pull asks for what changed since it: nothing, so nothing waits.
    expect(await queueScheduledPulls()).toEqual({ queued: 1, skipped: 0 });
    expect(await scheduled()).toMatchObject({ status: "succeeded", kind: "delta", recordsPulled: 0, oneRosterLoadId: null });
  });

  it("replaces a pull waiting for review with a later one: the earlier can no longer be applied", async () => {
    expect((await put(W.districtAdmin, settings({ reviewPulls: true }))).status).toBe(200);
    const first = await pull();
    expect(first).toMatchObject({ status: "review", kind: "full" });
    // Pull now's requester owns the load.
    const [owner] = await rows<{ user_id: number }>(db(), sql`select user_id from oneroster_loads where tenant_id = ${W.t} and id = ${first.oneRosterLoadId}`);
    expect(owner.user_id).toBe(W.districtAdminId);
    // Review turned off: the next pull is applied at once, and the one waiting is withdrawn.
    expect((await put(W.districtAdmin, settings({ reviewPulls: false, clientSecret: undefined }))).status).toBe(200);
    const second = await pull();
    expect(second).toMatchObject({ status: "succeeded", kind: "full" });
    expect(await count("students")).toBe(12);
    const replaced = (await get(W.districtAdmin)).body.oneRoster.runs.find((r: { id: number }) => r.id === first.id);
    expect(replaced).toMatchObject({ status: "skipped" });
    expect(replaced.message).toMatch(/\. Not applied: a later pull replaced it$/);
    expect((await getLoad(W.districtAdmin, first.oneRosterLoadId)).body.load).toMatchObject({
      status: "failed",
      message: "A later pull of the provider replaced this one; nothing of it was written",
    });
    const refused = await call(applyPost, "POST", `/en/api/v1/oneroster/loads/${first.oneRosterLoadId}/apply`, {
      token: W.districtAdmin,
      params: { id: String(first.oneRosterLoadId) },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("A later pull of the provider replaced this one; nothing of it was written");
  });
});

describe("the switch and the schedule", () => {
  it("keeps Active off when an edit leaves it out, refuses Pull now while off, and the hourly tick skips it", async () => {
    expect((await put(W.districtAdmin, settings({ active: false }))).status).toBe(200);
    expect((await put(W.districtAdmin, settings({ clientSecret: undefined }))).body.provider.active).toBe(false);
    const refused = await call(pullPost, "POST", "/en/api/v1/data-integrations/oneroster/pull", { token: W.districtAdmin, body: { districtId: W.d.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Turn the OneRoster provider on (Active) before pulling");
    expect(await queueScheduledPulls()).toEqual({ queued: 0, skipped: 0 });
  });

  it("queues an hourly pull for an active provider: it runs as the admin who saved the provider, fails when nobody may load it, and picks up what a failed pull left", async () => {
    await pulledOnce();
    // A change at the provider since that pull.
    const k1 = mock.data.users.find((u) => u.sourcedId === `${prefix()}-k1`)!;
    Object.assign(k1, { givenName: "NotApplied", dateLastModified: new Date().toISOString() });
    // No integration user, and the provider's saver unknown (saved before savers were kept): nobody to run as.
    await db().execute(
      sql`update district_data_integrations set oneroster_info = oneroster_info - 'savedBy' where tenant_id = ${W.t} and district_id = ${W.d.id}`,
    );
    expect(await queueScheduledPulls()).toEqual({ queued: 1, skipped: 0 });
    expect(await scheduled()).toMatchObject({ status: "failed", message: "Choose an integration user who may load OneRoster bundles" });
    // Saved again by the district admin, who may load bundles: the hourly pull runs as them.
    expect((await put(W.districtAdmin, settings({ active: true }))).status).toBe(200);
    expect(await queueScheduledPulls()).toEqual({ queued: 1, skipped: 0 });
    // The failed pull kept the last start, so the change made before it arrives now.
    expect(await scheduled()).toMatchObject({ status: "succeeded", recordsPulled: 1 });
    expect((await child("0007000001")).firstName).toBe("NotApplied");
  });
});
