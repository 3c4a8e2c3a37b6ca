import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { and, eq, inArray } from "drizzle-orm";
import { NextRequest } from "next/server";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { assessments, auditLog, districts, locations, notifications, regions, studentOutputs, studentResults, students } from "@/db/schema";
import { handlers } from "@/jobs/registry";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { storage, tenantPrefix } from "@/lib/platform/storage";
import { POST as requestPost } from "@/app/en/api/v1/reports/individual-student/route";
import { GET as outputsGet } from "@/app/en/api/v1/data-collections-outputs/route";
import { GET as outputGet } from "@/app/en/api/v1/data-collections-students-outputs/[outputId]/route";
import { DELETE as clearDelete, GET as studentOutputsGet } from "@/app/en/api/v1/data-collections-students-outputs/route";
import { DELETE as clearOutput } from "@/app/en/api/v1/reports/individual-student/[outputId]/route";
import { GET as downloadGet } from "@/app/en/api/v1/data-collections/[id]/outputs/download/route";
import { GET as zipGet } from "@/app/en/api/v1/data-collections/[id]/outputs/download/zip/route";
import { BASE, call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { TEST_JOB_ENV, setEnv, waitFor } from "../support/jobs";
import { assign, makeCollection, makeEnrollment, score } from "../support/school-fixtures";
import { makeScoringAssessment } from "../support/scoring-world";

setEnv(TEST_JOB_ENV);

/**
 * Tenant A: district D1 (school S1: a teacher's class of three: Abbott fully scored high, Baker
 * fully scored in the middle, Cole half scored) and district D2 (school S2: Faraway, fully scored
 * low). Bands of the assessment: Emerging 202-239, Approaching 240-269, Demonstrating 270-298.
 * Tenant B: an admin. A helpdesk user of tenant A has no ISR permission.
 */
let W: Awaited<ReturnType<typeof world>>;

const LEVELS = [
  { code: "EMERGING", label: "Emerging Readiness", min: 202, max: 239 },
  { code: "APPROACHING", label: "Approaching Readiness", min: 240, max: 269 },
  { code: "DEMONSTRATING", label: "Demonstrating Readiness", min: 270, max: 298 },
];

async function world() {
  const assessment = await makeScoringAssessment(4);
  await db()
    .update(assessments)
    .set({ configuration: { scaleScore: { min: 202, max: 298 }, performanceLevels: LEVELS } })
    .where(eq(assessments.id, assessment.assessment.id));
  const tenant = await makeTenant();
  const admin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const [region] = await db().insert(regions).values({ tenantId: tenant.id, name: "Only Region" }).returning();
  const [d1] = await db().insert(districts).values({ tenantId: tenant.id, regionId: region.id, name: "Alder District" }).returning();
  const [d2] = await db().insert(districts).values({ tenantId: tenant.id, regionId: region.id, name: "Birch District" }).returning();
  const [s1] = await db().insert(locations).values({ tenantId: tenant.id, districtId: d1.id, name: "Alder School" }).returning();
  const [s2] = await db().insert(locations).values({ tenantId: tenant.id, districtId: d2.id, name: "Birch School" }).returning();
  const teacher = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: s1.id }], firstName: "Tina", lastName: "Teach" });
  const districtAdmin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d1.id, administrative: true }] });
  const helpdesk = await makeUser(tenant.id, { roles: ["ROLE_HELPDESK"] });
  const collection = await makeCollection(tenant.id, {
    assessmentId: assessment.assessment.id,
    schoolYearId: assessment.schoolYearId,
    itemIds: assessment.items.map((i) => i.id),
  });
  const { dataCollectionLocationAssignments } = await import("@/db/schema");
  for (const s of [s1, s2])
    await db().insert(dataCollectionLocationAssignments).values({ tenantId: tenant.id, dataCollectionId: collection.id, locationId: s.id });
  const at1 = { regionId: region.id, districtId: d1.id, locationId: s1.id };
  const at2 = { regionId: region.id, districtId: d2.id, locationId: s2.id };
  const kids = [];
  for (const [first, last] of [
    ["Ana", "Abbott"],
    ["Ben", "Baker"],
    ["Cleo", "Cole"],
  ]) {
    const kid = await makeEnrollment(tenant.id, at1, { teacherId: teacher.id });
    await db().update(students).set({ firstName: first, lastName: last }).where(eq(students.id, kid.student.id));
    kids.push(kid);
  }
  const far = await makeEnrollment(tenant.id, at2);
  await db().update(students).set({ firstName: "Fay", lastName: "Faraway" }).where(eq(students.id, far.student.id));
  await assign(tenant.id, collection.id, [...kids.map((k) => k.enrollment.id), far.enrollment.id]);
  const itemIds = assessment.items.map((i) => i.id);
  await score(tenant.id, collection.id, kids[0].enrollment.id, itemIds, assessment.entries.D.id);
  await score(tenant.id, collection.id, kids[1].enrollment.id, itemIds, assessment.entries.B.id);
  await score(tenant.id, collection.id, kids[2].enrollment.id, itemIds.slice(0, 2), assessment.entries.C.id);
  await score(tenant.id, collection.id, far.enrollment.id, itemIds, assessment.entries.A.id);

  const other = await makeTenant();
  const otherAdmin = await makeUser(other.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  return {
    tenant,
    collection,
    s1,
    kids,
    far,
    adminId: admin.id,
    admin: await tokenFor(admin),
    districtAdmin: await tokenFor(districtAdmin),
    teacherId: teacher.id,
    teacher: await tokenFor(teacher),
    helpdesk: await tokenFor(helpdesk),
    otherAdmin: await tokenFor(otherAdmin),
  };
}

beforeAll(async () => {
  await startWorkers(handlers);
}, 60_000);

// Each test its own world; a test that reads or clears ISRs generates them first (generated below).
beforeEach(async () => {
  W = await world();
});

afterAll(async () => {
  await stopWorkers();
});

const request = (token: string, body: Record<string, unknown>) => call(requestPost, "POST", "/en/api/v1/reports/individual-student", { token, body });
const outputs = (token: string, dataCollectionId: number | string = W.collection.id) =>
  call(outputsGet, "GET", "/en/api/v1/data-collections-outputs", { token, query: { dataCollectionId } });
const output = (token: string, outputId: number) =>
  call(outputGet, "GET", `/en/api/v1/data-collections-students-outputs/${outputId}`, { token, params: { outputId: String(outputId) } });
const clear = (token: string, query: Record<string, string | number>) =>
  call(clearDelete, "DELETE", "/en/api/v1/data-collections-students-outputs", { token, query });

async function download(token: string, collectionId: number, query: Record<string, string | number> = {}) {
  const url = new URL(`/en/api/v1/data-collections/${collectionId}/outputs/download`, BASE);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const res = await downloadGet(new NextRequest(url, { headers: { authorization: `Bearer ${token}` } }), {
    params: Promise.resolve({ id: String(collectionId) }),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The PDF's pages as text (poppler's pdftotext), its info and structure tree (pdfinfo). */
function pdfText(bytes: Buffer): { pages: string[]; info: string; struct: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "isr-test-"));
  const file = path.join(dir, "isr.pdf");
  writeFileSync(file, bytes);
  const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
  const info = execFileSync("pdfinfo", [file]).toString("utf8");
  return { pages: text.split("\f").filter((p) => p.trim()), info, struct: execFileSync("pdfinfo", ["-struct", file]).toString("utf8") };
}

/** How many images the PDF draws (poppler's pdfimages). */
function pdfImages(bytes: Buffer): number {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "isr-test-")), "isr.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdfimages", ["-list", file]).toString("utf8").trim().split("\n").length - 2;
}

/** A 2 × 2 navy PNG: the tenant's logo. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = [0, 0x0f, 0x3d, 0x75, 0x0f, 0x3d, 0x75]; // filter byte, two pixels
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from([...row, ...row]))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
const PNG = png();

async function finished(token: string, outputId: number) {
  return waitFor(
    async () => {
      const res = await output(token, outputId);
      return res.body?.output?.status === "complete" ? res.body : undefined;
    },
    60_000,
    `ISR request ${outputId}`,
  );
}

/** The admin's ISRs of the whole collection, generated: a test's starting point. */
async function generated() {
  const res = await request(W.admin, { dataCollectionId: W.collection.id });
  expect(res.status).toBe(200);
  await finished(W.admin, res.body.output.id);
}

describe("POST /reports/individual-student", () => {
  it("queues the collection's ISRs in the admin's reach, renders each child's page from the stored results, and tells the requester", async () => {
    const res = await request(W.admin, { dataCollectionId: W.collection.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("ISRs have been successfully requested");
    expect(res.body.output).toMatchObject({ dataCollectionId: W.collection.id, type: "isr", language: null, counts: { total: 4 } });

    const done = await finished(W.admin, res.body.output.id);
    expect(done.output.counts).toMatchObject({ total: 4, generated: 4, queued: 0, inProgress: 0, failed: 0 });
    const rows = done.dataCollectionsStudentsOutputs;
    expect(rows.map((r: { lastName: string }) => r.lastName)).toEqual(["Abbott", "Baker", "Cole", "Faraway"]);
    for (const r of rows) expect(r).toMatchObject({ status: "complete", outputStatus: "Generated", language: "en" });

    // Each row moved to complete exactly once, and its file is in storage.
    const stored = await db().select().from(studentOutputs).where(eq(studentOutputs.outputId, res.body.output.id));
    expect(stored.map((s) => s.generations)).toEqual([1, 1, 1, 1]);
    for (const s of stored) expect(await storage().exists(s.fileName!)).toBe(true);

    const [note] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, W.adminId), eq(notifications.type, "isr")));
    expect(note.message).toBe("ISR Generated");
    expect(note.metadata).toMatchObject({ outputId: res.body.output.id, dataCollectionId: W.collection.id, generated: 4 });

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "isr"), eq(auditLog.action, "request"), eq(auditLog.entityId, res.body.output.id)));
    expect(audit).toHaveLength(1);

    // The merged PDF: one page per child, by school and name, the level words of the stored results.
    const file = await download(W.admin, W.collection.id);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    const { pages, info, struct } = pdfText(file.bytes);
    expect(pages).toHaveLength(4);
    expect(info).toMatch(/Title:\s+Individual Student Report/);
    // A tagged PDF (lib/isr/tag-pdf.ts): the parts' structure survives the merge, a section per child.
    expect(info).toMatch(/Tagged:\s+yes/);
    expect(struct.match(/^\s*Sect\b/gm)).toHaveLength(4);
    const results = await db()
      .select()
      .from(studentResults)
      .where(inArray(studentResults.studentEnrollmentId, [W.kids[0].enrollment.id, W.kids[1].enrollment.id, W.far.enrollment.id]));
    const level = (enrollmentId: number) => results.find((r) => r.studentEnrollmentId === enrollmentId)?.performanceLevel;
    expect([level(W.kids[0].enrollment.id), level(W.kids[1].enrollment.id), level(W.far.enrollment.id)]).toEqual(["DEMONSTRATING", "APPROACHING", "EMERGING"]);
    expect(pages[0]).toContain("Ana Abbott");
    expect(pages[0]).toContain("Demonstrating Readiness");
    expect(pages[0]).toContain(String(results.find((r) => r.studentEnrollmentId === W.kids[0].enrollment.id)?.overallScore));
    expect(pages[0]).toContain("Alder School");
    expect(pages[0]).toContain("Tina Teach");
    expect(pages[1]).toContain("Ben Baker");
    expect(pages[1]).toContain("Approaching Readiness");
    expect(pages[2]).toContain("Cleo Cole");
    expect(pages[2]).toContain("Not complete yet");
    expect(pages[3]).toContain("Fay Faraway");
    expect(pages[3]).toContain("Emerging Readiness");
    expect(pages[3]).toContain("Language and Literacy");
  }, 90_000);

  it("writes a Spanish ISR for one child when asked, with the tenant's logo, and a teacher's request covers only their class", async () => {
    await storage().putObject(`${tenantPrefix(W.tenant.id)}logo/current`, PNG, "image/png");
    const res = await request(W.teacher, { dataCollectionId: W.collection.id, studentId: W.kids[1].student.id, language: "es" });
    expect(res.status).toBe(200);
    expect(res.body.output.counts.total).toBe(1);
    await finished(W.teacher, res.body.output.id);
    const file = await download(W.teacher, W.collection.id, { studentId: W.kids[1].student.id });
    expect(file.status).toBe(200);
    const { pages, info } = pdfText(file.bytes);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain("Ben Baker");
    expect(pages[0]).toContain("Se acerca a la preparación");
    expect(pages[0]).toContain("Qué puede hacer en casa");
    expect(pages[0]).toContain("Lenguaje y lectoescritura");
    expect(info).toMatch(/Title:\s+Informe individual del estudiante/);
    // The logo is drawn on the page (one image) and tagged as an artifact: the text tree is unchanged.
    expect(pdfImages(file.bytes)).toBe(1);

    const whole = await request(W.teacher, { dataCollectionId: W.collection.id });
    expect(whole.status).toBe(200);
    expect(whole.body.output.counts.total).toBe(3);
    const done = await finished(W.teacher, whole.body.output.id);
    expect(done.dataCollectionsStudentsOutputs.map((r: { lastName: string }) => r.lastName)).toEqual(["Abbott", "Baker", "Cole"]);
    // The teacher's download holds their class only.
    expect(pdfText((await download(W.teacher, W.collection.id)).bytes).pages).toHaveLength(3);
  }, 90_000);

  it("refuses what is not valid (spec texts), another role (403), another tenant and another district (404)", async () => {
    const missing = await request(W.admin, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe("dataCollectionId");
    const language = await request(W.admin, { dataCollectionId: W.collection.id, language: "fr" });
    expect(language.status).toBe(400);
    expect(language.body.errors).toEqual([{ field: "language", message: "Must be en or es" }]);
    expect((await request(W.helpdesk, { dataCollectionId: W.collection.id })).status).toBe(403);
    const otherTenant = await request(W.otherAdmin, { dataCollectionId: W.collection.id });
    expect(otherTenant.status).toBe(404);
    expect(otherTenant.body.message).toBe("Data collection not found");
    // A district admin asking for a child of another district; a teacher for a child not theirs.
    expect((await request(W.districtAdmin, { dataCollectionId: W.collection.id, studentId: W.far.student.id })).status).toBe(404);
    expect((await request(W.teacher, { dataCollectionId: W.collection.id, studentId: W.far.student.id })).status).toBe(404);
  });
});

describe("GET /data-collections-outputs", () => {
  it("lists one's requests with progress and the reach's ISR statuses", async () => {
    await generated();
    const res = await outputs(W.admin);
    expect(res.status).toBe(200);
    expect(res.body.dataCollectionsOutputs.length).toBeGreaterThanOrEqual(1);
    expect(res.body.dataCollectionsOutputs.every((o: { dataCollectionId: number }) => o.dataCollectionId === W.collection.id)).toBe(true);
    expect(res.body.summary).toEqual({ students: 4, generated: 4, deleted: 0, noIsr: 0 });
    const district = await outputs(W.districtAdmin);
    expect(district.status).toBe(200);
    expect(district.body.dataCollectionsOutputs).toEqual([]);
    expect(district.body.summary.students).toBe(3);
  });

  it("refuses a bad id (400), another role (403) and another tenant (404)", async () => {
    const bad = await outputs(W.admin, "x");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "dataCollectionId", message: "Must be a positive whole number" }]);
    expect((await outputs(W.helpdesk)).status).toBe(403);
    expect((await outputs(W.otherAdmin)).status).toBe(404);
  });
});

describe("GET /data-collections-students-outputs/{outputId}", () => {
  it("answers one's own request only: another admin of the tenant, another district and another tenant get 404", async () => {
    await generated();
    const mine = (await outputs(W.admin)).body.dataCollectionsOutputs[0];
    const res = await output(W.admin, mine.id);
    expect(res.status).toBe(200);
    expect(res.body.dataCollectionsStudentsOutputs[0].downloadUrl).toMatch(
      new RegExp(`/data-collections/${W.collection.id}/outputs/download\\?studentId=\\d+$`),
    );
    expect((await output(W.districtAdmin, mine.id)).status).toBe(404);
    expect((await output(W.otherAdmin, mine.id)).status).toBe(404);
    expect((await output(W.helpdesk, mine.id)).status).toBe(403);
    const bad = await output(W.admin, 0);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("outputId");
  });
});

describe("GET /data-collections/{id}/outputs/download", () => {
  it("merges only the reach's ISRs; another district's child, another tenant and another role are refused", async () => {
    await generated();
    const district = await download(W.districtAdmin, W.collection.id);
    expect(district.status).toBe(200);
    const names = pdfText(district.bytes).pages.map((p) => p.match(/(Ana Abbott|Ben Baker|Cleo Cole|Fay Faraway)/)?.[1]);
    expect(names).toEqual(["Ana Abbott", "Ben Baker", "Cleo Cole"]);
    expect((await download(W.districtAdmin, W.collection.id, { studentId: W.far.student.id })).status).toBe(404);
    expect((await download(W.otherAdmin, W.collection.id)).status).toBe(404);
    expect((await download(W.helpdesk, W.collection.id)).status).toBe(403);
    const bad = await download(W.admin, W.collection.id, { locationId: "abc" });
    expect(bad.status).toBe(400);
  });
});

describe("DELETE /data-collections-students-outputs", () => {
  it("clears a child's ISR ('ISR Cleared'): its status reads 'Deleted' and its file is gone", async () => {
    await generated();
    const before = await db()
      .select()
      .from(studentOutputs)
      .where(and(eq(studentOutputs.studentId, W.kids[0].student.id), eq(studentOutputs.outputStatus, "Generated")));
    expect(before.length).toBeGreaterThan(0);
    const res = await clear(W.teacher, { dataCollectionId: W.collection.id, studentId: W.kids[0].student.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "ISR Cleared", cleared: before.length });
    for (const row of before) expect(await storage().exists(row.fileName!)).toBe(false);
    const list = await call(studentOutputsGet, "GET", "/en/api/v1/data-collections-students-outputs", {
      token: W.admin,
      query: { studentId: W.kids[0].student.id },
    });
    expect(list.status).toBe(200);
    expect(list.body.dataCollectionsStudentsOutputs.find((o: { dataCollectionsId: number }) => o.dataCollectionsId === W.collection.id).status).toBe("Deleted");
    expect((await outputs(W.admin)).body.summary).toMatchObject({ generated: 3, deleted: 1 });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "clear"), eq(auditLog.studentId, W.kids[0].student.id)));
    expect(audit.length).toBe(before.length);
    // Nothing left to clear for that child, and the merged download no longer holds them.
    expect((await clear(W.teacher, { dataCollectionId: W.collection.id, studentId: W.kids[0].student.id })).status).toBe(404);
    expect(pdfText((await download(W.admin, W.collection.id)).bytes).pages.some((p) => p.includes("Ana Abbott"))).toBe(false);
  });

  it("refuses a missing collection (400), another role (403), another district and another tenant (404)", async () => {
    await generated();
    const missing = await clear(W.admin, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe("dataCollectionId");
    expect((await clear(W.helpdesk, { dataCollectionId: W.collection.id })).status).toBe(403);
    expect((await clear(W.districtAdmin, { dataCollectionId: W.collection.id, studentId: W.far.student.id })).status).toBe(404);
    expect((await clear(W.otherAdmin, { dataCollectionId: W.collection.id })).status).toBe(404);
    const far = await db()
      .select()
      .from(studentOutputs)
      .where(and(eq(studentOutputs.studentId, W.far.student.id), eq(studentOutputs.outputStatus, "Generated")));
    expect(far.length).toBe(1);
  });
});

describe("GET /data-collections/{id}/outputs/download/zip", () => {
  async function zipOf(token: string, query: Record<string, string | number>) {
    const url = new URL(`/en/api/v1/data-collections/${W.collection.id}/outputs/download/zip`, BASE);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    const res = await zipGet(new NextRequest(url, { headers: { authorization: `Bearer ${token}` } }), {
      params: Promise.resolve({ id: String(W.collection.id) }),
    });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  it("answers the district's ISRs in reach as one tagged PDF per school; another district, role or tenant is refused", async () => {
    await generated();
    // A second school of the district with one child whose ISR is generated.
    const [d1] = await db().select().from(districts).where(eq(districts.id, W.s1.districtId));
    const [s3] = await db().insert(locations).values({ tenantId: W.tenant.id, districtId: d1.id, name: "Aspen School" }).returning();
    const gus = await makeEnrollment(W.tenant.id, { regionId: d1.regionId, districtId: d1.id, locationId: s3.id });
    await db().update(students).set({ firstName: "Gus", lastName: "Green" }).where(eq(students.id, gus.student.id));
    await assign(W.tenant.id, W.collection.id, [gus.enrollment.id]);
    const asked = await request(W.admin, { dataCollectionId: W.collection.id, studentId: gus.student.id });
    expect(asked.status).toBe(200);
    await finished(W.admin, asked.body.output.id);

    const res = await zipOf(W.districtAdmin, { districtId: d1.id });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toContain(`isr-${W.collection.id}-district-${d1.id}.zip`);
    const entries = unzipSync(new Uint8Array(res.bytes));
    expect(Object.keys(entries)).toEqual([`Alder School (${W.s1.id}).pdf`, `Aspen School (${s3.id}).pdf`]);
    const alder = pdfText(Buffer.from(entries[`Alder School (${W.s1.id}).pdf`]));
    expect(alder.pages.map((p) => p.match(/(Ana Abbott|Ben Baker|Cleo Cole|Fay Faraway|Gus Green)/)?.[1])).toEqual(["Ana Abbott", "Ben Baker", "Cleo Cole"]);
    expect(alder.info).toMatch(/Tagged:\s+yes/);
    expect(alder.info).toMatch(/Title:\s+Individual Student Report: Alder School/);
    const aspen = pdfText(Buffer.from(entries[`Aspen School (${s3.id}).pdf`]));
    expect(aspen.pages).toHaveLength(1);
    expect(aspen.pages[0]).toContain("Gus Green");

    // The tenant admin gets the same; the district admin has no other district; others are refused.
    expect(Object.keys(unzipSync(new Uint8Array((await zipOf(W.admin, { districtId: d1.id })).bytes)))).toHaveLength(2);
    const [d2] = await db().select().from(districts).where(eq(districts.id, W.far.enrollment.districtId));
    expect((await zipOf(W.districtAdmin, { districtId: d2.id })).status).toBe(404);
    expect((await zipOf(W.teacher, { districtId: d1.id })).status).toBe(403);
    expect((await zipOf(W.otherAdmin, { districtId: d1.id })).status).toBe(404);
    const missing = await zipOf(W.admin, {});
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.bytes.toString("utf8")).errors[0].field).toBe("districtId");
  }, 90_000);
});

describe("DELETE /reports/individual-student/{outputId} (administration.md §7)", () => {
  const clearOne = (token: string, outputId: number | string) =>
    call(clearOutput, "DELETE", `/en/api/v1/reports/individual-student/${outputId}`, { token, params: { outputId: String(outputId) } });
  const listed = async (studentId: number) =>
    (await call(studentOutputsGet, "GET", "/x", { token: W.admin, query: { studentId } })).body.dataCollectionsStudentsOutputs.find(
      (o: { dataCollectionsId: number }) => o.dataCollectionsId === W.collection.id,
    ) as { id: number; status: string };

  it("clears the child's ISR the students page lists, audited, and its file is gone; out of reach, another tenant or cleared is 404", async () => {
    await generated();
    const ben = W.kids[1].student.id;
    const output = await listed(ben);
    expect(output.status).toBe("Generated");
    const [row] = await db().select().from(studentOutputs).where(eq(studentOutputs.id, output.id));
    expect((await clearOne(W.otherAdmin, output.id)).status).toBe(404);
    expect((await clearOne(W.helpdesk, output.id)).status).toBe(403);
    expect((await clearOne(W.admin, "abc")).status).toBe(400);
    const far = await listed(W.far.student.id);
    expect((await clearOne(W.districtAdmin, far.id)).status).toBe(404);
    expect((await listed(W.far.student.id)).status).toBe("Generated");

    const res = await clearOne(W.admin, output.id);
    expect(res).toMatchObject({ status: 200, body: { message: "ISR Cleared", cleared: 1 } });
    expect((await listed(ben)).status).toBe("Deleted");
    expect(await storage().exists(row.fileName!)).toBe(false);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "clear"), eq(auditLog.studentId, ben)));
    expect(audit).toHaveLength(1);
    expect((await clearOne(W.admin, output.id)).status).toBe(404);
  });
});
