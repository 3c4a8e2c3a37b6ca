import { mkdir, truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asSystem, db, rows } from "@/db/client";
import { auditLog, bulkLoads, notifications, students } from "@/db/schema";
import { MAX_FILE_BYTES } from "@/lib/bulk-load/parse";
import { handlers } from "@/jobs/registry";
import { FEED_MESSAGES } from "@/lib/organisations/ftp-client";
import { queueScheduledRuns } from "@/lib/organisations/ftp-feed";
import { NO_LOADER } from "@/lib/organisations/ftp-feed-run";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { POST as savePost } from "@/app/en/api/v1/data-integrations/route";
import { POST as fetchPost } from "@/app/en/api/v1/data-integrations/fetch/route";
import { GET as ftpGet } from "@/app/en/api/v1/admin/tenants/[tenantId]/regions/[regionId]/districts/[districtId]/integration/ftp.json/route";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeLocation, makeRegion, makeTenant, makeUser } from "../support/factories";
import { startFtpServer, type FtpServerUnderTest } from "../support/ftp-server";
import { TEST_JOB_ENV, setEnv, waitFor } from "../support/jobs";
import { districtRoster, zipBundle } from "../support/oneroster";
import { useLocalStorage, type StorageUnderTest } from "../support/storage";

setEnv(TEST_JOB_ENV);

/**
 * A real FTP server (ftp-srv) serves a temp folder. Tenant A: region R with districts D1 (school S1)
 * and D2; a tenant admin (D1's integration user), D1's district admin, a teacher. Tenant B: an admin.
 */
let W: Awaited<ReturnType<typeof world>>;
let ftp: FtpServerUnderTest;
let store: StorageUnderTest;

async function world() {
  const tenant = await makeTenant();
  const region = await makeRegion(tenant.id);
  const otherRegion = await makeRegion(tenant.id);
  const d1 = await makeDistrict(tenant.id, region.id);
  const d2 = await makeDistrict(tenant.id, region.id);
  const d3 = await makeDistrict(tenant.id, region.id);
  const s1 = await makeLocation(tenant.id, d1.id);
  const admin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const districtAdmin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d1.id, administrative: true }] });
  const teacher = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: s1.id }] });
  const other = await makeTenant();
  const otherAdmin = await makeUser(other.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  return {
    tenant,
    region,
    otherRegion,
    d1,
    d2,
    d3,
    s1,
    adminId: admin.id,
    admin: await tokenFor(admin),
    districtAdmin: await tokenFor(districtAdmin),
    teacher: await tokenFor(teacher),
    otherAdmin: await tokenFor(otherAdmin),
  };
}

beforeAll(async () => {
  store = await useLocalStorage();
  ftp = await startFtpServer();
  await mkdir(path.join(ftp.root, "rosters"));
  await startWorkers(handlers);
});

// Each test its own tenant and districts, and a folder of the FTP server of its own where it lists files.
beforeEach(async () => {
  W = await world();
});

afterAll(async () => {
  await stopWorkers();
  await ftp.stop();
  await store.stop();
});

const HEADER = "stateId,firstName,middleName,lastName,birthDate,gender,englishLanguageLearner,lowSes,specialEducation,race,locationId,priorCare";

const save = (token: string, districtId: number, ftpSettings: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  call(savePost, "POST", "/en/api/v1/data-integrations", {
    token,
    body: {
      tenantsDistrictsId: districtId,
      active: true,
      ftp: { protocol: "ftp", host: ftp.host, port: ftp.port, username: ftp.username, ...ftpSettings },
      ...extra,
    },
  });

const fetchNow = (token: string, districtId: number) => call(fetchPost, "POST", "/en/api/v1/data-integrations/fetch", { token, body: { districtId } });

const status = (token: string, districtId: number, regionId = W.region.id, tenantId = W.tenant.id) =>
  call(ftpGet, "GET", `/en/api/v1/admin/tenants/${tenantId}/regions/${regionId}/districts/${districtId}/integration/ftp.json?time=1`, {
    token,
    params: { tenantId: String(tenantId), regionId: String(regionId), districtId: String(districtId) },
  });

/** Fetch now, then wait for that run to finish; answers the run as ftp.json shows it, and the whole answer. */
async function runOnce(districtId: number) {
  const requested = await fetchNow(W.admin, districtId);
  expect(requested.status).toBe(200);
  expect(requested.body.message).toBe("Fetch requested");
  const runId: number = requested.body.run.id;
  return waitFor(
    async () => {
      const res = await status(W.admin, districtId);
      const run = res.body.integration.runs.find((r: { id: number }) => r.id === runId);
      return run && ["succeeded", "failed"].includes(run.status) ? { run, integration: res.body.integration } : undefined;
    },
    30_000,
    `feed run ${runId}`,
  );
}

/** The feed notices of one run (type district_feed), as "user: message". */
const noticesOf = async (runId: number) =>
  (
    await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, "district_feed"), sql`${notifications.metadata}->>'runId' = ${String(runId)}`))
  ).map((n) => `${n.userId}: ${n.message}`);

describe("district FTP feed", () => {
  it("loads a new roster file into students through a bulk load, and does not load it again", async () => {
    await writeFile(
      path.join(ftp.root, "rosters", "students.csv"),
      [
        HEADER,
        `FTP-1,Ada,,Lovelace,2021-02-03,FEMALE,1,0,0,4,${W.s1.id},Home`,
        `FTP-2,Alan,M,Turing,06/23/2021,MALE,0,1,1,0,${W.s1.id},`,
        `bad id!,Bob,,Bad,2021-01-01,,,,,,${W.s1.id},`,
      ].join("\n"),
    );
    await writeFile(path.join(ftp.root, "rosters", "readme.txt"), "not a roster");
    const saved = await save(W.admin, W.d1.id, { directory: "/rosters", password: ftp.password }, { userIds: [W.adminId] });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Integration Saved");

    const { run, integration } = await runOnce(W.d1.id);
    expect(run).toMatchObject({ status: "succeeded", trigger: "manual", filesFound: 1, filesLoaded: 1, message: null });
    expect(integration).toMatchObject({ lastRunStatus: "succeeded", lastRunMessage: null });
    expect(integration.lastRunAt).toBeGreaterThan(0);
    expect(run.loads).toHaveLength(1);
    expect(run.loads[0].fileName).toBe("students.csv");

    // The bulk load checks every row: two loaded, the bad state id refused into its results file.
    const loadId: number = run.loads[0].bulkLoadId;
    const load = await waitFor(
      async () => {
        const [row] = await db().select().from(bulkLoads).where(eq(bulkLoads.id, loadId));
        return row && row.status !== "queued" && row.status !== "in_progress" ? row : undefined;
      },
      30_000,
      "bulk load",
    );
    expect(load).toMatchObject({ status: "complete", type: "students", userId: W.adminId, originalFileName: "students.csv", totalRows: 3, errorRows: 1 });
    expect(load.resultFileName).not.toBeNull();
    const loaded = await db()
      .select()
      .from(students)
      .where(and(eq(students.tenantId, W.tenant.id), inArray(students.tenantUniqueId, ["FTP-1", "FTP-2"])));
    expect(loaded.map((s) => s.tenantUniqueId).sort()).toEqual(["FTP-1", "FTP-2"]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, W.tenant.id), eq(auditLog.action, "integration_fetch")));
    expect(audits.some((a) => a.entityId === W.d1.id)).toBe(true);
    // The integration user (who also asked) is told once.
    expect(await noticesOf(run.id)).toEqual([`${W.adminId}: The district feed ran: 1 new file sent to the bulk load`]);
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, "district_feed"), sql`${notifications.metadata}->>'runId' = ${String(run.id)}`));
    expect(notice.metadata).toEqual({ regionId: W.region.id, districtId: W.d1.id, runId: run.id });

    // The same file (name, size, modified time) is not loaded again.
    const again = await runOnce(W.d1.id);
    expect(again.run).toMatchObject({ status: "succeeded", filesFound: 1, filesLoaded: 0, loads: [] });
    const loads = await db()
      .select()
      .from(bulkLoads)
      .where(and(eq(bulkLoads.tenantId, W.tenant.id), eq(bulkLoads.originalFileName, "students.csv")));
    expect(loads).toHaveLength(1);
    // A run that found nothing new says nothing.
    expect(await noticesOf(again.run.id)).toEqual([]);
  });

  it("checks a OneRoster bundle (.zip) it finds as a OneRoster load, ready for the integration user to read and apply", async () => {
    await mkdir(path.join(ftp.root, "oneroster"));
    const files = districtRoster({ districtIdentifier: W.d1.uniqueId!, schools: 1, teachersPerSchool: 1, childrenPerTeacher: 2, prefix: "feed" });
    await writeFile(path.join(ftp.root, "oneroster", "export.zip"), zipBundle(files));
    expect((await save(W.admin, W.d1.id, { directory: "/oneroster", password: ftp.password }, { userIds: [W.adminId] })).status).toBe(200);
    const { run } = await runOnce(W.d1.id);
    expect(run).toMatchObject({ status: "succeeded", filesFound: 1, filesLoaded: 1 });
    const load = await waitFor(
      async () => {
        const [row] = await rows<{ status: string; user_id: number; planned: Record<string, Record<string, number>> }>(
          db(),
          sql`select status, user_id, planned from oneroster_loads where tenant_id = ${W.tenant.id} and original_file_name = 'export.zip'`,
        );
        return row && ["checked", "failed"].includes(row.status) ? row : undefined;
      },
      30_000,
      "oneroster load",
    );
    expect(load).toMatchObject({ status: "checked", user_id: W.adminId });
    expect(load.planned.students.created).toBe(2);
    // Checked, not applied: nothing of it is written until someone applies it.
    expect(
      await db()
        .select()
        .from(students)
        .where(and(eq(students.tenantId, W.tenant.id), inArray(students.tenantUniqueId, ["0000000001", "0000000002"]))),
    ).toEqual([]);
    // Not picked up twice.
    expect((await runOnce(W.d1.id)).run).toMatchObject({ status: "succeeded", filesFound: 1, filesLoaded: 0 });
  });

  it("reports a file too large to load once, and not again on the next run", async () => {
    await mkdir(path.join(ftp.root, "big"));
    // Sparse: the listing says its size, nothing is downloaded.
    await writeFile(path.join(ftp.root, "big", "huge.csv"), "");
    await truncate(path.join(ftp.root, "big", "huge.csv"), MAX_FILE_BYTES + 1);
    expect((await save(W.admin, W.d1.id, { directory: "/big", password: ftp.password })).status).toBe(200);
    const first = await runOnce(W.d1.id);
    expect(first.run).toMatchObject({ status: "succeeded", filesFound: 1, filesLoaded: 0, message: "Not loaded, larger than the bulk load allows: huge.csv" });
    expect(first.run.loads).toEqual([{ fileName: "huge.csv", bulkLoadId: null, status: null }]);
    expect(await noticesOf(first.run.id)).toEqual([`${W.adminId}: The district feed ran: not loaded, larger than the bulk load allows: huge.csv`]);
    const second = await runOnce(W.d1.id);
    expect(second.run).toMatchObject({ status: "succeeded", filesFound: 1, filesLoaded: 0, message: null, loads: [] });
    expect(await noticesOf(second.run.id)).toEqual([]);
  });

  it("loads as the admin who pressed Fetch now when no integration user may load files", async () => {
    await mkdir(path.join(ftp.root, "district-2"));
    await writeFile(path.join(ftp.root, "district-2", "kids.csv"), [HEADER, `FTP-3,Grace,,Hopper,2021-05-06,FEMALE,0,0,0,0,${W.s1.id},`].join("\n"));
    expect((await save(W.admin, W.d2.id, { directory: "/district-2", password: ftp.password })).status).toBe(200);
    const { run } = await runOnce(W.d2.id);
    expect(run).toMatchObject({ status: "succeeded", filesFound: 1, filesLoaded: 1 });
    const [load] = await db().select().from(bulkLoads).where(eq(bulkLoads.id, run.loads[0].bulkLoadId));
    expect(load.userId).toBe(W.adminId);
  });

  it("stores a refused login on the run with a clear message, never the password", async () => {
    expect((await save(W.admin, W.d1.id, { directory: "/rosters", password: "Wrong-secret-9" })).status).toBe(200);
    const { run, integration } = await runOnce(W.d1.id);
    expect(run).toMatchObject({ status: "failed", filesFound: 0, filesLoaded: 0, message: FEED_MESSAGES.login });
    expect(integration).toMatchObject({ lastRunStatus: "failed", lastRunMessage: FEED_MESSAGES.login });
    expect(JSON.stringify(integration)).not.toContain("Wrong-secret-9");
    expect(await noticesOf(run.id)).toEqual([`${W.adminId}: The district feed failed: ${FEED_MESSAGES.login}`]);
    // Failing again (still the wrong password) is not said every hour.
    const again = await runOnce(W.d1.id);
    expect(again.run).toMatchObject({ status: "failed", message: FEED_MESSAGES.login });
    expect(await noticesOf(again.run.id)).toEqual([]);
  });

  it("says when the folder is missing or the server cannot be reached", async () => {
    expect((await save(W.admin, W.d1.id, { directory: "/missing", password: ftp.password })).status).toBe(200);
    expect((await runOnce(W.d1.id)).run).toMatchObject({ status: "failed", message: FEED_MESSAGES.folder("/missing") });

    const closed = await startFtpServer();
    await closed.stop();
    expect((await save(W.admin, W.d1.id, { directory: "/rosters", port: closed.port, password: ftp.password })).status).toBe(200);
    expect((await runOnce(W.d1.id)).run).toMatchObject({ status: "failed", message: FEED_MESSAGES.connect(ftp.host, closed.port) });
  });

  it("refuses a fetch of an inactive or missing integration", async () => {
    expect((await save(W.admin, W.d2.id, { directory: "/rosters", password: ftp.password }, { active: false })).status).toBe(200);
    const inactive = await fetchNow(W.admin, W.d2.id);
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toBe("Turn the integration on (Active) before fetching");
    expect((await fetchNow(W.admin, W.d3.id)).status).toBe(404);
  });

  it("answers 403 to a role without organisation management and 404 for another tenant's or district's ids", async () => {
    expect((await fetchNow(W.teacher, W.d1.id)).status).toBe(403);
    expect((await status(W.teacher, W.d1.id)).status).toBe(403);
    expect((await fetchNow(W.otherAdmin, W.d1.id)).status).toBe(404);
    expect((await status(W.otherAdmin, W.d1.id)).status).toBe(404);
    // D1's own admin: D2 is another district; D1 under another region is not D1.
    expect((await fetchNow(W.districtAdmin, W.d2.id)).status).toBe(404);
    expect((await status(W.districtAdmin, W.d2.id)).status).toBe(404);
    expect((await status(W.districtAdmin, W.d1.id, W.otherRegion.id)).status).toBe(404);
    expect((await save(W.admin, W.d1.id, { directory: "/missing", password: ftp.password })).status).toBe(200);
    await runOnce(W.d1.id);
    const own = await status(W.districtAdmin, W.d1.id);
    expect(own.status).toBe(200);
    expect(own.body.integration.runs.length).toBeGreaterThan(0);
  });
});

describe("the hourly tick", () => {
  it("queues a run for every active integration with settings, run as an integration user who may load files", async () => {
    await mkdir(path.join(ftp.root, "tick"));
    await writeFile(path.join(ftp.root, "tick", "kids.csv"), [HEADER, `FTP-4,Hedy,,Lamarr,2021-07-08,FEMALE,0,0,0,0,${W.s1.id},`].join("\n"));
    const saved = await save(W.admin, W.d1.id, { directory: "/tick", port: ftp.port, password: ftp.password }, { userIds: [W.adminId] });
    expect(saved.status).toBe(200);
    // D2 has no integration user, and a scheduled run has nobody who asked: nobody to load as.
    expect((await save(W.admin, W.d2.id, { directory: "/tick", password: ftp.password })).status).toBe(200);
    // D3: inactive, so not queued.
    expect((await save(W.admin, W.d3.id, { directory: "/rosters", password: ftp.password }, { active: false })).status).toBe(200);
    const { queued } = await asSystem("test: hourly feed tick", () => queueScheduledRuns());
    expect(queued).toBeGreaterThanOrEqual(1);
    const run = await waitFor(
      async () => {
        const res = await status(W.admin, W.d1.id);
        const [latest] = res.body.integration.runs;
        return latest?.trigger === "schedule" && ["succeeded", "failed"].includes(latest.status) ? latest : undefined;
      },
      30_000,
      "scheduled run",
    );
    expect(run).toMatchObject({ status: "succeeded", filesFound: 1, filesLoaded: 1 });
    const [load] = await db().select().from(bulkLoads).where(eq(bulkLoads.id, run.loads[0].bulkLoadId));
    expect(load.userId).toBe(W.adminId);
    const d2Run = await waitFor(
      async () => {
        const [latest] = (await status(W.admin, W.d2.id)).body.integration.runs;
        return latest?.trigger === "schedule" && latest.status === "failed" ? latest : undefined;
      },
      30_000,
      "D2's scheduled run",
    );
    expect(d2Run.message).toBe(NO_LOADER);
    expect((await status(W.admin, W.d3.id)).body.integration.runs).toEqual([]);
  });
});
