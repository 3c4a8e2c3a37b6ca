import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { currentTenantId, db, ownerDb, requireTenantContext, rows } from "@/db/client";
import { auditLog, files, mailOutbox, notifications, schoolYears } from "@/db/schema";
import { downloadUrl, listDownloads } from "@/lib/downloads/queries";
import { publishDownload } from "@/lib/downloads/service";
import { DOWNLOAD_UPLOAD_PURPOSE } from "@/lib/downloads/slots";
import type { Actor } from "@/lib/platform/actor";
import { databaseHealth } from "@/lib/platform/health";
import { PermanentJobError, defineJob, handleJob, queue, sendJob, startWorkers, stopWorkers, type JobHandler } from "@/lib/platform/queue";
import { BOSS_SCHEMA } from "@/lib/platform/queue/boss";
import { uploadFile } from "@/lib/platform/storage/upload-client";
import { completeUpload, createUpload, fileDownloadUrl, getFile } from "@/lib/platform/storage/uploads";
import { forTenant } from "@/lib/platform/tenancy";
import { createSchoolYear } from "@/lib/school-years/service";
import { mailCheckStatus, sendTestMail } from "@/lib/system/mail-check";
import { tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { TEST_JOB_ENV, setEnv, waitFor } from "../support/jobs";
import { actorOf } from "../support/school-fixtures";
import { appFetch, asKind, useLocalStorage, type StorageUnderTest } from "../support/storage";
import { binding } from "../support/tenancy-binding";

/**
 * The services bound after the read services of rls-services.test.ts: uploads, downloads, health,
 * the mail check, school-year creation and the job runner. `binding.tenantId` binds forTenant to
 * one tenant while the service is called for another, as a service that mistook its tenant would.
 */
vi.mock("@/lib/platform/tenancy", (original) => import("../support/tenancy-binding").then((m) => m.boundTenancy(original)));

setEnv({ ...TEST_JOB_ENV, SMTP_URL: undefined });

async function side() {
  const tenant = await makeTenant();
  const adminUser = await makeUser(tenant.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const systemUser = await makeUser(tenant.id, { roles: ["ROLE_SYSTEM_ADMIN"] });
  const teacherUser = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"] });
  return {
    tenant,
    adminToken: await tokenFor(adminUser),
    systemToken: await tokenFor(systemUser),
    admin: await actorOf(adminUser),
    system: await actorOf(systemUser),
    teacher: await actorOf(teacherUser),
  };
}

let store: StorageUnderTest;
let a: Awaited<ReturnType<typeof side>>;
let b: Awaited<ReturnType<typeof side>>;

beforeAll(async () => {
  store = await useLocalStorage();
  a = await side();
  b = await side();
});

afterEach(() => {
  binding.tenantId = null;
  requireTenantContext(false);
});

afterAll(async () => {
  await stopWorkers({ graceful: false });
  await store.stop();
});

/** The whole multipart protocol through the routes, as the browser runs it. */
const upload = (token: string, fileName: string, purpose: "bulk-load" | "tenant-resource" = "bulk-load") =>
  uploadFile(new Blob([asKind(fileName, Buffer.from(`content of ${fileName}`))]), {
    purpose,
    fileName,
    fetch: appFetch,
    headers: { authorization: `Bearer ${token}` },
  });

const filesOf = async (actor: Actor) =>
  (
    await ownerDb()
      .select({ n: count() })
      .from(files)
      .where(and(eq(files.tenantId, actor.tenantId), eq(files.ownerId, actor.userId)))
  )[0].n;

const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { status?: number }) => error.status ?? error,
  );

describe("bound services, with db() outside a tenant or system context refused", () => {
  beforeEach(() => requireTenantContext(true));

  it("uploads: the multipart protocol stores, completes and serves each tenant's own file", async () => {
    const ofA = await upload(a.adminToken, "roster-a.csv");
    const ofB = await upload(b.adminToken, "roster-b.csv");
    expect(ofA.s3FileName.startsWith(`tenants/${a.tenant.id}/`)).toBe(true);
    expect((await getFile(a.admin, ofA.id)).originalFileName).toBe("roster-a.csv");
    expect(await fileDownloadUrl(b.admin, ofB.id)).toContain("/storage/download");
    expect(await status(getFile(a.admin, ofB.id))).toBe(404);
  });

  it("downloads: a system admin's publication is audited, and every tenant's staff list and fetch it", async () => {
    const installer = await upload(a.systemToken, "watcher.deb", DOWNLOAD_UPLOAD_PURPOSE);
    const entry = await publishDownload(a.system, { slot: "file-watcher-deb", fileId: installer.id, version: "1.0.0" });
    expect(entry.file).toMatchObject({ fileName: "watcher.deb", version: "1.0.0" });
    const audit = await ownerDb()
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenant.id), eq(auditLog.userId, a.system.userId), eq(auditLog.action, "cross_tenant_read")));
    expect(audit).toEqual([{ details: expect.objectContaining({ permission: "system.downloads" }) }]);
    const listed = (await listDownloads(b.teacher)).find((d) => d.slot === "file-watcher-deb");
    expect(listed?.file?.fileName).toBe("watcher.deb");
    expect(await downloadUrl(b.teacher, "file-watcher-deb")).toContain("/storage/download");
  });

  it("health: the database probe answers before any sign-in", async () => {
    expect(await databaseHealth()).toMatchObject({ ok: true });
  });

  it("mail check: a system admin's message is queued in their tenant and its status read back", async () => {
    const sent = await sendTestMail(b.system);
    const [row] = await ownerDb().select({ tenantId: mailOutbox.tenantId }).from(mailOutbox).where(eq(mailOutbox.id, sent.outboxId));
    expect(row).toEqual({ tenantId: b.tenant.id });
    expect((await mailCheckStatus(b.system, sent.outboxId)).outboxId).toBe(sent.outboxId);
    expect(await status(mailCheckStatus(a.system, sent.outboxId))).toBe(404);
  });

  it("school years: a system admin creates one; a duplicate label is 409 and leaves the caller's transaction usable", async () => {
    const body = { label: "2041-2042", startDate: Date.UTC(2041, 6, 1) / 1000, endDate: Date.UTC(2042, 5, 30) / 1000 };
    expect((await createSchoolYear(a.system, body)).label).toBe("2041-2042");
    const after = await forTenant(a.system, async () => {
      expect(await status(createSchoolYear(a.system, body))).toBe(409);
      return db().select({ label: schoolYears.label }).from(schoolYears).where(eq(schoolYears.label, body.label));
    });
    expect(after).toEqual([{ label: "2041-2042" }]);
  });
});

describe("bound to tenant A, a service called for tenant B", () => {
  it("uploads: B's file is not found, a new upload is refused and a completion finds nothing", async () => {
    const ofB = await upload(b.adminToken, "theirs.csv");
    const input = { fileName: "sneaky.csv", contentType: "text/csv", size: 10, purpose: "bulk-load" as const };
    const before = await filesOf(b.admin);
    expect(await status(getFile(b.admin, ofB.id))).toBe(200);
    binding.tenantId = a.tenant.id;
    expect(await status(getFile(b.admin, ofB.id))).toBe(404);
    expect(await status(fileDownloadUrl(b.admin, ofB.id))).toBe(404);
    expect(await status(createUpload(b.admin, input))).not.toBe(200);
    const parts = [{ ETag: '"x"', PartNumber: 1 }];
    expect(await status(completeUpload(b.admin, { s3FileName: ofB.s3FileName, bucket: ofB.bucket, uploadId: "any", parts }))).toBe(404);
    expect(await filesOf(b.admin)).toBe(before);
  });

  it("mail check: B's outbox row and B's address are not found", async () => {
    const sent = await sendTestMail(b.system);
    expect(await status(mailCheckStatus(b.system, sent.outboxId))).toBe(200);
    binding.tenantId = a.tenant.id;
    expect(await status(mailCheckStatus(b.system, sent.outboxId))).toBe(404);
    expect(await status(sendTestMail(b.system))).toBe(404);
  });
});

describe("the job runner", () => {
  const tenancyJob = defineJob({ name: "test.tenancy", payload: z.object({ tenantId: z.number().int().positive().nullable() }), retryLimit: 0 });
  const systemJob = defineJob({ name: "test.tenancy-system", payload: z.object({ tenantId: z.number().int().positive().nullable() }), retryLimit: 0 });
  const failingPayload = z.object({ tenantId: z.number().int().positive(), userId: z.number().int(), message: z.string(), abort: z.boolean() });
  const failingJob = defineJob({ name: "test.tenancy-failing", payload: failingPayload, retryLimit: 1 });

  /** What the handler's queries see: the bound tenant and the tenants of the files visible to it. */
  const seen = async () => {
    const visible = await db().selectDistinct({ tenantId: files.tenantId }).from(files);
    return { bound: currentTenantId(), tenants: visible.map((r) => r.tenantId).sort((x, y) => x - y) };
  };
  const handlers: JobHandler[] = [
    handleJob(tenancyJob, seen, { tenancy: "payload" }),
    handleJob(systemJob, seen),
    handleJob(
      failingJob,
      async ({ tenantId, userId, message, abort }) => {
        await db().insert(notifications).values({ tenantId, userId, message });
        await sendJob(systemJob, { tenantId: null });
        // Caught without a savepoint: the transaction is aborted, the handler's own error follows.
        if (abort)
          await db()
            .execute(sql`select 1 / 0`)
            .catch(() => undefined);
        throw new PermanentJobError("fails after writing");
      },
      { tenancy: "payload" },
    ),
  ];

  async function settled(kind: { name: string }, payload: object) {
    const id = await sendJob(kind as typeof tenancyJob, payload as { tenantId: number | null });
    return waitFor(
      async () => {
        const job = await (await queue()).getJobById(kind.name, id);
        return job && (job.state === "completed" || job.state === "failed") ? job : undefined;
      },
      20_000,
      `${kind.name} settled`,
    );
  }

  beforeAll(async () => {
    await upload(a.adminToken, "job-a.csv");
    await upload(b.adminToken, "job-b.csv");
    await startWorkers(handlers);
  });
  beforeEach(() => requireTenantContext(true));

  it("runs a handler that opts in under its payload's tenant: it sees that tenant's rows only", async () => {
    expect((await settled(tenancyJob, { tenantId: b.tenant.id })).output).toEqual({ bound: b.tenant.id, tenants: [b.tenant.id] });
  });

  it("runs a null tenant and a handler that does not opt in as system, across tenants", async () => {
    for (const job of [await settled(tenancyJob, { tenantId: null }), await settled(systemJob, { tenantId: b.tenant.id })]) {
      expect(job.state).toBe("completed");
      expect(job.output).toMatchObject({ bound: null, tenants: expect.arrayContaining([a.tenant.id, b.tenant.id]) });
    }
  });

  /** The notification the failing handler wrote, and how many jobs it sent, as committed. */
  async function failWith(message: string, abort: boolean) {
    const sentJobs = async () =>
      (await rows<{ n: number }>(ownerDb(), sql`select count(*)::int as n from ${sql.raw(BOSS_SCHEMA)}.job where name = ${systemJob.name}`))[0].n;
    const before = await sentJobs();
    const job = await settled(failingJob, { tenantId: a.tenant.id, userId: a.admin.userId, message, abort });
    return {
      state: job.state,
      retries: job.retryCount,
      rows: await ownerDb().select({ tenantId: notifications.tenantId }).from(notifications).where(eq(notifications.message, message)),
      sent: (await sentJobs()) - before,
    };
  }

  it("keeps what a bound handler wrote and sent before it failed, as on the owner connection", async () => {
    expect(await failWith("written before the failure", false)).toEqual({ state: "failed", retries: 0, rows: [{ tenantId: a.tenant.id }], sent: 1 });
  });

  it("rolls a bound handler back, its sends too, when a failed statement aborted its transaction; its own error decides", async () => {
    expect(await failWith("aborted by a failed statement", true)).toEqual({ state: "failed", retries: 0, rows: [], sent: 0 });
  });
});
