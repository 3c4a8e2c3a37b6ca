import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, edfiConnections, edfiRuns } from "@/db/schema";
import { handlers } from "@/jobs/registry";
import { decryptSecret } from "@/lib/organisations/integration-secret";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { GET as connectionGet, PUT as connectionPut } from "@/app/en/api/v1/edfi/connection/route";
import { POST as sendPost } from "@/app/en/api/v1/data-collections/[id]/edfi/send/route";
import { GET as runsGet } from "@/app/en/api/v1/data-collections/[id]/edfi/runs/route";
import { call } from "../support/api";
import { startMockOds, type MockOds } from "../support/edfi-ods";
import { edfiWorld } from "../support/edfi-world";
import { TEST_JOB_ENV, setEnv, waitFor } from "../support/jobs";

setEnv(TEST_JOB_ENV);

/**
 * Sending a collection's Ed-Fi results to an Ed-Fi ODS/API (docs/integrations.md 'Sending to an Ed-Fi
 * ODS/API'), against a mock ODS/API on a local port (tests/support/edfi-ods.ts: OAuth client
 * credentials, upserts by natural key), over the world of tests/support/edfi-world.ts.
 */
let W: Awaited<ReturnType<typeof edfiWorld>>;
let ods: MockOds;

beforeAll(async () => {
  ods = await startMockOds();
  await startWorkers(handlers);
});

afterAll(async () => {
  await stopWorkers();
  await ods.close();
});

// Each test its own world and an empty mock ODS/API; a send connects first (connected below).
beforeEach(async () => {
  W = await edfiWorld();
  ods.store.clear();
  ods.posts.length = 0;
  ods.failNext = 0;
  ods.refuse = () => false;
  ods.secret = "s3cret-value";
});

const putConnection = (token: string, body: Record<string, unknown>) => call(connectionPut, "PUT", "/en/api/v1/edfi/connection", { token, body });
const settings = (extra: Record<string, unknown> = {}) => ({
  baseUrl: ods.baseUrl,
  tokenUrl: ods.tokenUrl,
  clientId: ods.clientId,
  clientSecret: ods.secret,
  ...extra,
});
const send = (token: string, body: Record<string, unknown> = {}, collectionId = W.collection.id) =>
  call(sendPost, "POST", `/en/api/v1/data-collections/${collectionId}/edfi/send`, { token, params: { id: String(collectionId) }, body });

/** The state's connection (and, given one, a district's) to the mock ODS/API: a send's starting point. */
async function connected(districtId?: number) {
  expect((await putConnection(W.admin, settings())).status).toBe(200);
  if (districtId) expect((await putConnection(W.districtAdmin, settings({ districtId }))).status).toBe(200);
}

async function finished(runId: number) {
  return waitFor(
    async () => {
      const [run] = await db().select().from(edfiRuns).where(eq(edfiRuns.id, runId));
      return run && ["succeeded", "failed"].includes(run.status) ? run : undefined;
    },
    30_000,
    `Ed-Fi run ${runId}`,
  );
}

const stored = (resource: string) => [...(ods.store.get(resource)?.values() ?? [])];
const ssids = () => stored("studentAssessments").map((d) => (d.studentReference as { studentUniqueId: string }).studentUniqueId);

describe("Ed-Fi connections", () => {
  it("saves the state's connection for a tenant admin, the secret encrypted and never answered; left out, it is kept", async () => {
    const res = await putConnection(W.admin, settings());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: "Ed-Fi connection saved",
      connection: {
        id: expect.any(Number),
        districtId: null,
        baseUrl: ods.baseUrl,
        tokenUrl: ods.tokenUrl,
        clientId: ods.clientId,
        hasSecret: true,
        active: true,
        updatedAt: expect.any(Number),
      },
    });
    expect(JSON.stringify(res.body)).not.toContain(ods.secret);
    const [row] = await db().select().from(edfiConnections).where(eq(edfiConnections.id, res.body.connection.id));
    expect(row.clientSecretEncrypted).not.toContain(ods.secret);
    expect(decryptSecret(row.clientSecretEncrypted)).toBe(ods.secret);

    const kept = await putConnection(W.admin, { ...settings(), clientSecret: undefined, clientId: ods.clientId });
    expect(kept.status).toBe(200);
    const [after] = await db().select().from(edfiConnections).where(eq(edfiConnections.id, res.body.connection.id));
    expect(decryptSecret(after.clientSecretEncrypted)).toBe(ods.secret);
    expect((await call(connectionGet, "GET", "/en/api/v1/edfi/connection", { token: W.admin })).body.connection.id).toBe(res.body.connection.id);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "edfi_connection"), eq(auditLog.entityId, res.body.connection.id), eq(auditLog.action, "create")));
    expect(JSON.stringify(audit.details)).not.toContain(ods.secret);
  });

  it("lets a district admin keep their district's connection only; refusals change nothing", async () => {
    const before = (await db().select().from(edfiConnections)).length;
    const audits = (await db().select().from(auditLog)).length;
    const url = await putConnection(W.districtAdmin, settings({ districtId: W.d1.id, baseUrl: "ftp://ods.example.org" }));
    expect(url.status).toBe(400);
    expect(url.body.errors).toEqual([{ field: "baseUrl", message: "Must be an https:// address" }]);
    const plain = await putConnection(W.districtAdmin, settings({ districtId: W.d1.id, tokenUrl: "http://ods.example.org/oauth/token" }));
    expect(plain.body.errors).toEqual([{ field: "tokenUrl", message: "Must be an https:// address" }]);
    const noSecret = await putConnection(W.districtAdmin, { ...settings({ districtId: W.d1.id }), clientSecret: undefined });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.errors).toEqual([{ field: "clientSecret", message: "Is required" }]);
    const state = await putConnection(W.districtAdmin, settings());
    expect(state.status).toBe(400);
    expect(state.body.errors).toEqual([{ field: "districtId", message: "Is required" }]);
    const other = await putConnection(W.districtAdmin, settings({ districtId: W.d2.id }));
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: "District not found" });
    expect((await putConnection(W.otherAdmin, settings({ districtId: W.d1.id }))).status).toBe(404);
    const teacher = await putConnection(W.teacher, settings({ districtId: W.d1.id }));
    expect(teacher.status).toBe(403);
    expect(teacher.body.message).toBe("Token does not have the required permissions");
    expect((await call(connectionGet, "GET", "/en/api/v1/edfi/connection", { token: W.teacher })).status).toBe(403);
    expect((await db().select().from(edfiConnections)).length).toBe(before);
    expect((await db().select().from(auditLog)).length).toBe(audits);

    const own = await putConnection(W.districtAdmin, settings({ districtId: W.d1.id }));
    expect(own.status).toBe(200);
    expect(own.body.connection.districtId).toBe(W.d1.id);
    const read = await call(connectionGet, "GET", "/en/api/v1/edfi/connection", { token: W.districtAdmin, query: { districtId: W.d1.id } });
    expect(read.body.connection.id).toBe(own.body.connection.id);
    expect((await call(connectionGet, "GET", "/en/api/v1/edfi/connection", { token: W.districtAdmin, query: { districtId: W.d2.id } })).status).toBe(404);
  });
});

describe("POST /data-collections/{id}/edfi/send", () => {
  it("sends the assessment, its domains and each child's results; sending again updates the same records", async () => {
    await connected();
    const res = await send(W.admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: "Sending to Ed-Fi has been requested",
      run: { status: "queued", dataCollectionId: W.collection.id, districtId: null },
    });
    const run = await finished(res.body.run.id);
    expect(run).toMatchObject({ status: "succeeded", sent: 7, refused: 0, message: null, attempts: 1 });
    expect(stored("assessments")).toHaveLength(1);
    expect(stored("objectiveAssessments").map((o) => o.identificationCode)).toEqual(["LL", "MA"]);
    expect(ssids().sort()).toEqual(["000120", "000121", "000122", "0009999"]);
    expect(ods.posts.every((p) => p.status === 201)).toBe(true);

    ods.posts.length = 0;
    const again = await finished((await send(W.admin)).body.run.id);
    expect(again).toMatchObject({ status: "succeeded", sent: 7 });
    expect(ssids()).toHaveLength(4);
    expect(ods.posts.map((p) => p.status)).toEqual(Array(7).fill(200));
  });

  it("retries a run the ODS/API failed (503) and finishes it", async () => {
    await connected();
    ods.failNext = 2;
    const run = await finished((await send(W.admin)).body.run.id);
    expect(run).toMatchObject({ status: "succeeded", sent: 7, attempts: 3 });
    expect(ssids()).toHaveLength(4);
  });

  it("counts a refused child and goes on, naming our key, not the child", async () => {
    await connected();
    ods.refuse = (resource, d) => resource === "studentAssessments" && (d.studentReference as { studentUniqueId: string }).studentUniqueId === "000122";
    const run = await finished((await send(W.admin)).body.run.id);
    expect(run).toMatchObject({
      status: "succeeded",
      sent: 6,
      refused: 1,
      refusals: [{ resource: "studentAssessments", key: `collection-${W.collection.id}-student-${W.kids.Cole.student.id}`, status: 400 }],
      message: "1 record was refused by the Ed-Fi API",
    });
  });

  it("fails at once, without retries, when the ODS/API refuses the client", async () => {
    await connected();
    ods.secret = "rotated";
    const run = await finished((await send(W.admin)).body.run.id);
    expect(run).toMatchObject({ status: "failed", sent: 0, attempts: 1, message: "The Ed-Fi API refused the client id or secret (status 401)" });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const [still] = await db().select().from(edfiRuns).where(eq(edfiRuns.id, run.id));
    expect(still.attempts).toBe(1);
    expect(ods.store.size).toBe(0);
  });

  it("sends a district's connection its own children only, and lists each scope's runs", async () => {
    await connected(W.d1.id);
    const res = await send(W.districtAdmin, { districtId: W.d1.id });
    expect(res.status).toBe(200);
    const run = await finished(res.body.run.id);
    expect(run).toMatchObject({ status: "succeeded", sent: 6 });
    expect(ssids().sort()).toEqual(["000120", "000121", "000122"]);

    const runs = await call(runsGet, "GET", `/en/api/v1/data-collections/${W.collection.id}/edfi/runs`, {
      token: W.districtAdmin,
      params: { id: String(W.collection.id) },
      query: { districtId: W.d1.id },
    });
    expect(runs.status).toBe(200);
    expect(runs.body.runs.map((r: { id: number }) => r.id)).toEqual([run.id]);
    expect(runs.body.runs[0]).toMatchObject({ districtId: W.d1.id, status: "succeeded", sent: 6, refused: 0, refusals: [] });
    // The state's runs are listed apart from the district's.
    const stateRun = await finished((await send(W.admin)).body.run.id);
    const state = await call(runsGet, "GET", `/en/api/v1/data-collections/${W.collection.id}/edfi/runs`, {
      token: W.admin,
      params: { id: String(W.collection.id) },
    });
    expect(state.body.runs.map((r: { id: number }) => r.id)).toEqual([stateRun.id]);
    expect(state.body.runs.every((r: { districtId: number | null }) => r.districtId === null)).toBe(true);
  });

  it("refuses what is not the caller's, and queues nothing then", async () => {
    await connected();
    const before = (await db().select().from(edfiRuns)).length;
    expect((await send(W.districtAdmin, { districtId: W.d2.id })).status).toBe(404);
    expect((await send(W.admin, {}, W.otherCollection.id)).body).toEqual({ message: "Data collection not found" });
    expect((await send(W.otherAdmin)).status).toBe(404);
    expect((await send(W.teacher)).status).toBe(403);
    const bad = await send(W.admin, { districtId: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("districtId");
    expect((await send(W.otherAdmin, {}, W.otherCollection.id)).body).toEqual({ message: "Ed-Fi connection not found" });
    const runs = await call(runsGet, "GET", `/en/api/v1/data-collections/${W.otherCollection.id}/edfi/runs`, {
      token: W.admin,
      params: { id: String(W.otherCollection.id) },
    });
    expect(runs.status).toBe(404);
    expect((await db().select().from(edfiRuns)).length).toBe(before);
  });
});
