import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DELETE as artifactDelete } from "@/app/en/api/v1/data-collections/[id]/scores/[gradeId]/artifacts/[artifactId]/route";
import { GET as artifactsGet, POST as artifactsPost } from "@/app/en/api/v1/data-collections/[id]/scores/[gradeId]/artifacts/route";
import { db } from "@/db/client";
import { auditLog, files, scoreArtifacts, scores } from "@/db/schema";
import { installStorage, storage } from "@/lib/platform/storage";
import { uploadFile } from "@/lib/platform/storage/upload-client";
import { call } from "../support/api";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";
import { score } from "../support/school-fixtures";
import { appFetch, asKind, useLocalStorage, useS3Storage, type StorageUnderTest } from "../support/storage";
import { binding } from "../support/tenancy-binding";
import { deleteArtifact, listArtifacts, recordArtifacts } from "@/lib/scoring/artifacts";

/** Bind a service's transaction to another tenant than its filters name (tests/support/tenancy-binding). */
vi.mock("@/lib/platform/tenancy", (original) => import("../support/tenancy-binding").then((m) => m.boundTenancy(original)));

const MiB = 1024 * 1024;
const path = (collectionId: number, gradeId: number) => `/en/api/v1/data-collections/${collectionId}/scores/${gradeId}/artifacts`;

let assessment: ScoringAssessment;
let a: ScoringWorld;
let b: ScoringWorld;
let local: StorageUnderTest;

beforeAll(async () => {
  local = await useLocalStorage();
  assessment = await makeScoringAssessment();
  a = await makeScoringWorld(assessment);
  b = await makeScoringWorld(assessment);
});
afterAll(async () => {
  await local.stop();
});

let itemIndex = 0;
/** A fresh grade (scores row) of the enrollment on the next item; each test works on its own. */
async function grade(world: ScoringWorld, enrollmentId: number, collectionId = world.collection.id) {
  const itemId = assessment.items[itemIndex++ % assessment.items.length].id;
  await db()
    .delete(scores)
    .where(and(eq(scores.dataCollectionId, collectionId), eq(scores.studentEnrollmentId, enrollmentId), eq(scores.assessmentItemId, itemId)));
  await score(world.tenant.id, collectionId, enrollmentId, [itemId], assessment.entries.B.id);
  const [row] = await db()
    .select({ id: scores.id })
    .from(scores)
    .where(and(eq(scores.dataCollectionId, collectionId), eq(scores.studentEnrollmentId, enrollmentId), eq(scores.assessmentItemId, itemId)));
  return row.id;
}

/** A real multipart upload through the app's protocol, as the browser does it. */
async function upload(token: string, data: Uint8Array<ArrayBuffer>, type = "image/jpeg", fileName = "Maya drawing.jpg") {
  return uploadFile(new Blob([asKind(fileName, data)], { type }), {
    purpose: "evidence",
    fileName,
    headers: { authorization: `Bearer ${token}` },
    fetch: appFetch,
  });
}

const fileOf = (uploaded: { s3FileName: string; size: number }, overrides: Record<string, unknown> = {}) => ({
  fileName: uploaded.s3FileName,
  originalFileName: "Maya drawing.jpg",
  sizeBytes: uploaded.size,
  contentType: "image/jpeg",
  ...overrides,
});

const auditRows = (tenantId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.entityType, "score_artifact")));
const artifactRows = (gradeId: number) => db().select().from(scoreArtifacts).where(eq(scoreArtifacts.scoreId, gradeId));

describe.each([
  ["local", () => Promise.resolve(local)],
  ["s3", () => useS3Storage()],
] as const)("evidence round trip with the %s driver", (name, open) => {
  let store: StorageUnderTest;
  beforeAll(async () => {
    store = await open();
    installStorage(store.driver);
  });
  afterAll(async () => {
    if (name === "s3") await store.stop();
    installStorage(local.driver);
  });

  it("records an uploaded file, lists it, downloads it byte-identical and deletes it with the stored file", async () => {
    const kid = a.kids[0];
    const gradeId = await grade(a, kid.enrollment.id);
    const data = new Uint8Array(randomBytes(6 * MiB + 123));
    const uploaded = await upload(a.teacherToken, data);
    const auditBefore = (await auditRows(a.tenant.id)).length;

    const created = await call(artifactsPost, "POST", path(a.collection.id, gradeId), {
      token: a.teacherToken,
      params: { id: String(a.collection.id), gradeId: String(gradeId) },
      body: { files: [fileOf(uploaded)] },
    });
    expect(created.status).toBe(201);
    expect(created.body.artifacts).toHaveLength(1);
    const artifact = created.body.artifacts[0];
    expect(artifact).toMatchObject({ originalFileName: "Maya drawing.jpg", sizeBytes: data.length, contentType: "image/jpeg" });
    expect(Math.abs(artifact.createdAt - Date.now() / 1000)).toBeLessThan(60);

    const listed = await call(artifactsGet, "GET", path(a.collection.id, gradeId), {
      token: a.teacherToken,
      params: { id: String(a.collection.id), gradeId: String(gradeId) },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.artifacts.map((x: { id: number }) => x.id)).toEqual([artifact.id]);
    const download = await appFetch(listed.body.artifacts[0].downloadUrl);
    expect(download.status).toBe(200);
    // On a state's own host the local store's links are on that host (the dialog previews them: img-src 'self').
    const onHost = await call(artifactsGet, "GET", path(a.collection.id, gradeId), {
      token: a.teacherToken,
      params: { id: String(a.collection.id), gradeId: String(gradeId) },
      headers: { host: "maryland.localhost:3999" },
    });
    const host = new URL(onHost.body.artifacts[0].downloadUrl).host;
    expect(host).toBe(store.name === "local" ? "maryland.localhost:3999" : new URL(listed.body.artifacts[0].downloadUrl).host);
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(data))).toBe(true);

    const audit = (await auditRows(a.tenant.id)).slice(auditBefore);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "create",
        entityId: artifact.id,
        studentId: kid.student.id,
        userId: a.teacher.id,
        details: expect.objectContaining({ scoreId: gradeId }),
      }),
    ]);
    // File names people type may name a child: they stay out of the audit trail.
    expect(JSON.stringify(audit[0].details)).not.toContain("Maya");

    const removed = await call(artifactDelete, "DELETE", `${path(a.collection.id, gradeId)}/${artifact.id}`, {
      token: a.teacherToken,
      params: { id: String(a.collection.id), gradeId: String(gradeId), artifactId: String(artifact.id) },
    });
    expect(removed).toMatchObject({ status: 200, body: { id: artifact.id } });
    expect(await artifactRows(gradeId)).toEqual([]);
    expect(await storage().exists(uploaded.s3FileName)).toBe(false);
    const after = (await auditRows(a.tenant.id)).slice(auditBefore);
    expect(after.map((r) => [r.action, r.entityId, r.studentId])).toEqual([
      ["create", artifact.id, kid.student.id],
      ["delete", artifact.id, kid.student.id],
    ]);
  });
});

describe("recording evidence: validation", () => {
  let gradeId: number;
  let params: Record<string, string>;
  // Each test its own grade: grade() below replaces a child's grade of the same item, so one kept
  // from an earlier test may be gone.
  beforeEach(async () => {
    gradeId = await grade(a, a.kids[1].enrollment.id);
    params = { id: String(a.collection.id), gradeId: String(gradeId) };
  });

  const post = (body: unknown, token = a.teacherToken) => call(artifactsPost, "POST", path(a.collection.id, gradeId), { token, params, body });

  async function expectRefused(body: unknown, message: string, token?: string) {
    const auditBefore = (await auditRows(a.tenant.id)).length;
    const res = await post(body, token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await artifactRows(gradeId)).toEqual([]);
    expect(await auditRows(a.tenant.id)).toHaveLength(auditBefore);
  }

  it("refuses a file type other than photo, PDF, audio or video, at the upload's start and at attach", async () => {
    const TYPE = "File type not allowed: use a photo, PDF, audio or video file";
    await expect(upload(a.teacherToken, new Uint8Array(randomBytes(100)), "text/html", "page.html")).rejects.toThrow(TYPE);
    // An upload stored as another type (kept from before the purposes declared theirs) is refused at attach: the stored type is served.
    const uploaded = await upload(a.teacherToken, new Uint8Array(randomBytes(100)));
    await db().update(files).set({ contentType: "text/html" }).where(eq(files.id, uploaded.id));
    await expectRefused({ files: [fileOf(uploaded, { contentType: "text/html" })] }, TYPE);
    await expectRefused({ files: [fileOf(uploaded, { contentType: "image/png" })] }, TYPE);
  });

  it("refuses a file over 100 MB, announced or stored", async () => {
    await expectRefused({ files: [fileOf({ s3FileName: "x", size: 100 * MiB + 1 })] }, "File is larger than 100 MB");
    const uploaded = await upload(a.teacherToken, new Uint8Array(randomBytes(100)));
    await db()
      .update(files)
      .set({ size: 100 * MiB + 1 })
      .where(eq(files.id, uploaded.id));
    await expectRefused({ files: [fileOf(uploaded)] }, "File is larger than 100 MB");
  });

  it("refuses a size other than the upload's", async () => {
    const uploaded = await upload(a.teacherToken, new Uint8Array(randomBytes(100)));
    await expectRefused({ files: [fileOf(uploaded, { sizeBytes: 99 })] }, "File size does not match the upload");
  });

  it("refuses unknown keys, another teacher's upload and another tenant's", async () => {
    const unknown = `tenants/${a.tenant.id}/evidence/00000000-0000-0000-0000-000000000000/x.jpg`;
    await expectRefused({ files: [fileOf({ s3FileName: unknown, size: 10 })] }, "Uploaded file not found: upload it again");
    await expectRefused({ files: [fileOf({ s3FileName: "../../etc/passwd", size: 10 })] }, "Uploaded file not found: upload it again");
    const theirs = await upload(a.otherTeacherToken, new Uint8Array(randomBytes(100)));
    await expectRefused({ files: [fileOf(theirs)] }, "Uploaded file not found: upload it again");
    const otherTenant = await upload(b.teacherToken, new Uint8Array(randomBytes(100)));
    await expectRefused({ files: [fileOf(otherTenant)] }, "Uploaded file not found: upload it again");
  });

  it("refuses a file already attached, and a list naming one file twice", async () => {
    const uploaded = await upload(a.teacherToken, new Uint8Array(randomBytes(100)));
    await expectRefused({ files: [fileOf(uploaded), fileOf(uploaded)] }, "The same file is listed twice");
    const other = await grade(a, a.kids[1].enrollment.id);
    const first = await call(artifactsPost, "POST", path(a.collection.id, other), {
      token: a.teacherToken,
      params: { ...params, gradeId: String(other) },
      body: { files: [fileOf(uploaded)] },
    });
    expect(first.status).toBe(201);
    await expectRefused({ files: [fileOf(uploaded)] }, "This file is already attached to a grade");
  });

  it("attaches a file to one grade only when two requests race", async () => {
    const uploaded = await upload(a.teacherToken, new Uint8Array(randomBytes(100)));
    const grades = [await grade(a, a.kids[2].enrollment.id), await grade(a, a.kids[2].enrollment.id)];
    const answers = await Promise.all(
      grades.map((g) =>
        call(artifactsPost, "POST", path(a.collection.id, g), {
          token: a.teacherToken,
          params: { ...params, gradeId: String(g) },
          body: { files: [fileOf(uploaded)] },
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
    const rows = await db().select().from(scoreArtifacts).where(eq(scoreArtifacts.fileName, uploaded.s3FileName));
    expect(rows).toHaveLength(1);
  });

  it("holds at most 20 files per grade", async () => {
    const uploaded = await upload(a.teacherToken, new Uint8Array(randomBytes(100)));
    await expectRefused({ files: Array.from({ length: 21 }, () => fileOf(uploaded)) }, "A grade holds at most 20 files");
    const full = await grade(a, a.kids[2].enrollment.id);
    await db()
      .insert(scoreArtifacts)
      .values(Array.from({ length: 20 }, (_, i) => ({ tenantId: a.tenant.id, scoreId: full, fileName: `k${i}`, originalFileName: "f.jpg", sizeBytes: 1 })));
    const res = await call(artifactsPost, "POST", path(a.collection.id, full), {
      token: a.teacherToken,
      params: { ...params, gradeId: String(full) },
      body: { files: [fileOf(uploaded)] },
    });
    expect(res).toMatchObject({ status: 400, body: { message: "A grade holds at most 20 files" } });
    expect(await artifactRows(full)).toHaveLength(20);
  });
});

describe("evidence of grades the teacher may not reach", () => {
  it("answers 404 for another tenant's grade, another teacher's student and a grade of another collection", async () => {
    const ownGrade = await grade(a, a.kids[0].enrollment.id);
    const otherKidGrade = await grade(a, a.otherKid.enrollment.id);
    const closedGrade = await grade(a, a.kids[0].enrollment.id, a.closed.id);
    const uploaded = await upload(a.teacherToken, new Uint8Array(randomBytes(100)));
    const cases: [string, number, number][] = [
      [b.teacherToken, a.collection.id, ownGrade],
      [a.otherTeacherToken, a.collection.id, ownGrade],
      [a.teacherToken, a.collection.id, otherKidGrade],
      [a.teacherToken, a.collection.id, closedGrade],
      [a.teacherToken, b.collection.id, ownGrade],
    ];
    for (const [token, collectionId, gradeId] of cases) {
      const params = { id: String(collectionId), gradeId: String(gradeId) };
      expect((await call(artifactsGet, "GET", path(collectionId, gradeId), { token, params })).status).toBe(404);
      const body = { files: [fileOf(uploaded)] };
      expect(await call(artifactsPost, "POST", path(collectionId, gradeId), { token, params, body })).toMatchObject({
        status: 404,
        body: { message: "Grade not found" },
      });
      expect((await call(artifactDelete, "DELETE", path(collectionId, gradeId), { token, params: { ...params, artifactId: "1" } })).status).toBe(404);
    }
    expect(await artifactRows(ownGrade)).toEqual([]);
  });

  it("reads evidence after the window but refuses changes outside it with 409", async () => {
    const closedGrade = await grade(a, a.kids[0].enrollment.id, a.closed.id);
    await db()
      .insert(scoreArtifacts)
      .values({
        tenantId: a.tenant.id,
        scoreId: closedGrade,
        fileName: `tenants/${a.tenant.id}/evidence/x/kept.jpg`,
        originalFileName: "kept.jpg",
        sizeBytes: 1,
      });
    const [kept] = await artifactRows(closedGrade);
    const upcomingGrade = await grade(a, a.kids[0].enrollment.id, a.upcoming.id);
    const uploaded = await upload(a.teacherToken, new Uint8Array(randomBytes(100)));
    const token = a.teacherToken;
    const closed = { id: String(a.closed.id), gradeId: String(closedGrade) };
    expect((await call(artifactsGet, "GET", path(a.closed.id, closedGrade), { token, params: closed })).body.artifacts).toHaveLength(1);
    expect(await call(artifactsPost, "POST", path(a.closed.id, closedGrade), { token, params: closed, body: { files: [fileOf(uploaded)] } })).toMatchObject({
      status: 409,
      body: { message: "The assessment window is closed: evidence can no longer be changed" },
    });
    expect((await call(artifactDelete, "DELETE", path(a.closed.id, closedGrade), { token, params: { ...closed, artifactId: String(kept.id) } })).status).toBe(
      409,
    );
    expect(await artifactRows(closedGrade)).toHaveLength(1);
    const upcoming = { id: String(a.upcoming.id), gradeId: String(upcomingGrade) };
    expect(
      await call(artifactsPost, "POST", path(a.upcoming.id, upcomingGrade), { token, params: upcoming, body: { files: [fileOf(uploaded)] } }),
    ).toMatchObject({
      status: 409,
      body: { message: "The assessment window has not opened yet" },
    });
    expect(await artifactRows(upcomingGrade)).toEqual([]);
  });

  it("answers 404 for an artifact of another grade and leaves it in place", async () => {
    const one = await grade(a, a.kids[0].enrollment.id);
    const two = await grade(a, a.kids[0].enrollment.id);
    const uploaded = await upload(a.teacherToken, new Uint8Array(randomBytes(100)));
    const params = { id: String(a.collection.id), gradeId: String(one) };
    const created = await call(artifactsPost, "POST", path(a.collection.id, one), { token: a.teacherToken, params, body: { files: [fileOf(uploaded)] } });
    const artifactId = String(created.body.artifacts[0].id);
    const res = await call(artifactDelete, "DELETE", path(a.collection.id, two), {
      token: a.teacherToken,
      params: { ...params, gradeId: String(two), artifactId },
    });
    expect(res.status).toBe(404);
    expect(await artifactRows(one)).toHaveLength(1);
    expect(await storage().exists(uploaded.s3FileName)).toBe(true);
  });

  it("refuses roles without the teacher's permissions with 403", async () => {
    const gradeId = await grade(a, a.kids[0].enrollment.id);
    const params = { id: String(a.collection.id), gradeId: String(gradeId) };
    const token = a.adminToken;
    expect((await call(artifactsGet, "GET", path(a.collection.id, gradeId), { token, params })).status).toBe(403);
    expect((await call(artifactsPost, "POST", path(a.collection.id, gradeId), { token, params, body: { files: [] } })).status).toBe(403);
    expect((await call(artifactDelete, "DELETE", path(a.collection.id, gradeId), { token, params: { ...params, artifactId: "1" } })).status).toBe(403);
    expect((await call(artifactsGet, "GET", path(a.collection.id, gradeId), { params })).status).toBe(401);
  });
});

describe("tenancy of the services", () => {
  it("find none of tenant B's grades when bound to tenant A", async () => {
    const gradeId = await grade(b, b.kids[0].enrollment.id);
    const uploaded = await upload(b.teacherToken, new Uint8Array(randomBytes(100)));
    binding.tenantId = a.tenant.id;
    try {
      await expect(listArtifacts(b.teacherActor, b.collection.id, gradeId)).rejects.toMatchObject({ status: 404 });
      await expect(recordArtifacts(b.teacherActor, b.collection.id, gradeId, { files: [fileOf(uploaded)] })).rejects.toMatchObject({ status: 404 });
      await expect(deleteArtifact(b.teacherActor, b.collection.id, gradeId, 1)).rejects.toMatchObject({ status: 404 });
    } finally {
      binding.tenantId = null;
    }
    expect(await artifactRows(gradeId)).toEqual([]);
  });
});
