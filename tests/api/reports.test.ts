import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import {
  dataCollectionLocationAssignments,
  dataCollectionSetItems,
  dataCollectionSets,
  districts,
  locations,
  notifications,
  reports,
  students,
} from "@/db/schema";
import { handlers } from "@/jobs/registry";
import { sendJob, startWorkers, stopWorkers } from "@/lib/platform/queue";
import { ADMIN_REPORT_KINDS, REPORT_TYPES, TEACHER_REPORT_TYPES } from "@/lib/reports/catalogue";
import { reportJob } from "@/lib/reports/job-kind";
import { POST as adminRequest } from "@/app/en/api/v1/admin/tenants/[tenantId]/reports.json/route";
import { GET as jobsGet } from "@/app/en/api/v1/admin/tenants/[tenantId]/jobs.json/route";
import { GET as listGet } from "@/app/en/api/v1/reports/route";
import { GET as archiveGet } from "@/app/en/api/v1/reports/archive/route";
import { GET as downloadGet } from "@/app/en/api/v1/reports/download/[id]/route";
import { POST as teacherRequest } from "@/app/en/api/v1/reports/[name]/route";
import { POST as collectionRequest } from "@/app/en/api/v1/user/collections/[id]/reports.json/route";
import { GET as pollGet } from "@/app/en/api/v1/user/collections/[id]/reports/[reportId]/route";
import { BASE, call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { TEST_JOB_ENV, setEnv, waitFor } from "../support/jobs";
import { assign, makeEnrollment, score } from "../support/school-fixtures";
import { makeScoringAssessment } from "../support/scoring-world";

setEnv(TEST_JOB_ENV);

/**
 * Tenant A: one region with district D1 (school S1: a teacher's class of three, state ids with
 * leading zeros, two fully scored) and district D2 (school S2: one child). Tenant B: an admin.
 */
let W: Awaited<ReturnType<typeof world>>;

async function world() {
  const assessment = await makeScoringAssessment(4);
  const tenant = await makeTenant();
  const admin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const [d1] = await db()
    .insert(districts)
    .values({ tenantId: tenant.id, regionId: (await regionOf(tenant.id)).id, name: "Alder District", uniqueId: "0042" })
    .returning();
  const [d2] = await db().insert(districts).values({ tenantId: tenant.id, regionId: d1.regionId, name: "Birch District" }).returning();
  const [s1] = await db().insert(locations).values({ tenantId: tenant.id, districtId: d1.id, name: "Alder School", uniqueId: "00077" }).returning();
  const [s2] = await db().insert(locations).values({ tenantId: tenant.id, districtId: d2.id, name: "Birch School" }).returning();
  const teacher = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: s1.id }], firstName: "Tina", lastName: "Teach" });
  const districtAdmin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d1.id, administrative: true }] });
  const { makeCollection } = await import("../support/school-fixtures");
  const collection = await makeCollection(tenant.id, {
    assessmentId: assessment.assessment.id,
    schoolYearId: assessment.schoolYearId,
    itemIds: assessment.items.map((i) => i.id),
  });
  const [set] = await db()
    .insert(dataCollectionSets)
    .values({ tenantId: tenant.id, dataCollectionId: collection.id, label: "Letters", priority: 1 })
    .returning();
  await db()
    .insert(dataCollectionSetItems)
    .values(assessment.items.slice(0, 2).map((i) => ({ tenantId: tenant.id, setId: set.id, assessmentItemId: i.id })));
  for (const s of [s1, s2])
    await db().insert(dataCollectionLocationAssignments).values({ tenantId: tenant.id, dataCollectionId: collection.id, locationId: s.id });
  const at1 = { regionId: d1.regionId, districtId: d1.id, locationId: s1.id };
  const at2 = { regionId: d2.regionId, districtId: d2.id, locationId: s2.id };
  const kids = [];
  for (const [i, name] of ["Abbott", "Baker", "Cole"].entries()) {
    const kid = await makeEnrollment(tenant.id, at1, { teacherId: teacher.id });
    await db()
      .update(students)
      .set({ tenantUniqueId: `00012${i}`, lastName: name })
      .where(eq(students.id, kid.student.id));
    kids.push(kid);
  }
  const far = await makeEnrollment(tenant.id, at2);
  await db().update(students).set({ tenantUniqueId: "0009999", lastName: "Faraway" }).where(eq(students.id, far.student.id));
  await assign(tenant.id, collection.id, [...kids.map((k) => k.enrollment.id), far.enrollment.id]);
  const itemIds = assessment.items.map((i) => i.id);
  await score(tenant.id, collection.id, kids[0].enrollment.id, itemIds, assessment.entries.D.id);
  await score(tenant.id, collection.id, kids[1].enrollment.id, itemIds, assessment.entries.B.id);
  await score(tenant.id, collection.id, kids[2].enrollment.id, itemIds.slice(0, 2), assessment.entries.C.id);
  await score(tenant.id, collection.id, far.enrollment.id, itemIds, assessment.entries.A.id);

  const other = await makeTenant();
  const otherAdmin = await makeUser(other.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  return {
    assessment,
    tenant,
    collection,
    s1,
    kids,
    teacher,
    admin: await tokenFor(admin),
    adminId: admin.id,
    districtAdmin: await tokenFor(districtAdmin),
    teacherToken: await tokenFor(teacher),
    otherAdmin: await tokenFor(otherAdmin),
  };
}

async function regionOf(tenantId: number) {
  const { regions } = await import("@/db/schema");
  const [region] = await db().insert(regions).values({ tenantId, name: "Only Region" }).returning();
  return region;
}

beforeAll(async () => {
  W = await world();
  await startWorkers(handlers);
});

afterAll(async () => {
  await stopWorkers();
});

const requestAdmin = (token: string, body: Record<string, unknown>, tenantId = W.tenant.id) =>
  call(adminRequest, "POST", `/en/api/v1/admin/tenants/${tenantId}/reports.json`, { token, params: { tenantId: String(tenantId) }, body });

async function completed(token: string, reportId: number) {
  return waitFor(
    async () => {
      const res = await call(listGet, "GET", "/en/api/v1/reports", { token });
      const report = res.body.reports.find((r: { id: number }) => r.id === reportId);
      return report && ["complete", "failed"].includes(report.status) ? report : undefined;
    },
    20_000,
    `report ${reportId}`,
  );
}

/** The report's file as GET /reports/download/{id} serves it. */
async function fileOf(token: string, reportId: number): Promise<Buffer> {
  const url = new URL(`/en/api/v1/reports/download/${reportId}`, BASE);
  const req = new NextRequest(url, { headers: { authorization: `Bearer ${token}` } });
  const res = await downloadGet(req, { params: Promise.resolve({ id: String(reportId) }) });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename=".+-\d+\.(xlsx|csv)"/);
  return Buffer.from(await res.arrayBuffer());
}

async function sheetRows(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, header: rows[0] as string[], rows: rows.slice(1) };
}

describe("admin report requests", () => {
  it("builds the scale score report from the database: real rows, state ids as text, the requester told", async () => {
    const res = await requestAdmin(W.admin, { kind: "kra.ssr", dataCollectionId: W.collection.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Your report has been successfully requested");
    expect(res.body.report).toMatchObject({ kind: "kra.ssr", status: "queued", format: "xlsx", schoolYearId: W.assessment.schoolYearId, downloadUrl: null });
    expect(res.body.report.requestData.scope).toBeUndefined();

    const done = await completed(W.admin, res.body.report.id);
    expect(done.status).toBe("complete");
    expect(done.downloadUrl).toBe(`/en/api/v1/reports/download/${done.id}`);
    expect(done.metadata.rows).toBe(4);

    const { sheet, header, rows } = await sheetRows(await fileOf(W.admin, done.id));
    expect(header.slice(0, 12)).toEqual([
      "State ID",
      "Last Name",
      "First Name",
      "District",
      "Location",
      "Teacher",
      "Items Scored",
      "Total Items",
      "Progress %",
      "Overall Scale Score",
      "Performance Level",
      "LL Scale Score",
    ]);
    expect(header.slice(12)).toEqual(W.assessment.items.map((i) => i.code));
    const byId = Object.fromEntries(rows.map((r) => [r[0], r]));
    expect(Object.keys(byId).sort()).toEqual(["000120", "000121", "000122", "0009999"]);
    // Text cells: leading zeros kept, and the column is formatted as text for what Excel adds.
    expect(sheet.getCell("A2").type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getColumn(1).numFmt).toBe("@");
    expect(byId["000120"].slice(1, 9)).toEqual(["Abbott", "Kid", "Alder District", "Alder School", "Teach, Tina", 4, 4, 100]);
    expect(byId["000120"].slice(12)).toEqual(["D", "D", "D", "D"]);
    expect(byId["000122"].slice(6, 9)).toEqual([2, 4, 50]);
    expect(byId["000122"][9]).toBeUndefined();
    // The overall scale score and level come from the stored results (student_results).
    expect(typeof byId["000120"][9]).toBe("number");

    // The note of this report (the admin's other reports are told too).
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, W.adminId), eq(notifications.type, "report")));
    const note = notes.find((n) => n.metadata.reportId === done.id)!;
    expect(note.message).toContain("KRA scale score report");
    expect(note.metadata).toMatchObject({ reportId: done.id });
  });

  it("keeps a district admin's report to their district: another district's children are absent", async () => {
    const res = await requestAdmin(W.districtAdmin, { kind: "kra.locationcompletion", dataCollectionId: W.collection.id });
    expect(res.status).toBe(200);
    const done = await completed(W.districtAdmin, res.body.report.id);
    const { header, rows } = await sheetRows(await fileOf(W.districtAdmin, done.id));
    expect(header).toEqual([
      "District ID",
      "District",
      "Location ID",
      "Location",
      "Students",
      "Students Complete",
      "Items Scored",
      "Items To Score",
      "Percent Complete",
    ]);
    expect(rows).toEqual([["0042", "Alder District", "00077", "Alder School", 3, 2, 10, 12, 83.3]]);
  });

  it("writes the exports as CSV with the state id kept as text", async () => {
    const res = await requestAdmin(W.admin, { kind: "exportstudents", schoolYearId: W.assessment.schoolYearId });
    expect(res.status).toBe(200);
    const done = await completed(W.admin, res.body.report.id);
    expect(done.format).toBe("csv");
    const text = (await fileOf(W.admin, done.id)).toString("utf8");
    const lines = text
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "State ID,First Name,Middle Name,Last Name,Birth Date,Gender,ELL,Low SES,Special Education,Disability Code,Race Code,Location ID,Location",
    );
    expect(
      lines
        .slice(1)
        .map((l) => l.split(",")[0])
        .sort(),
    ).toEqual(["000120", "000121", "000122", "0009999"]);
  });

  it("refuses what is not valid, another tenant and another role", async () => {
    const missing = await requestAdmin(W.admin, { kind: "kra.ssr" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: "dataCollectionId", message: "Is required" }]);
    const badKind = await requestAdmin(W.admin, { kind: "kra.nothing", dataCollectionId: W.collection.id });
    expect(badKind.status).toBe(400);
    expect(badKind.body.errors[0].field).toBe("kind");
    // Another tenant's path, and another tenant's collection: 404, never a confirmation.
    expect((await requestAdmin(W.otherAdmin, { kind: "kra.ssr", dataCollectionId: W.collection.id })).status).toBe(404);
    const theirs = await call(adminRequest, "POST", "/x", {
      token: W.otherAdmin,
      params: { tenantId: String(await tenantOf(W.otherAdmin)) },
      body: { kind: "kra.ssr", dataCollectionId: W.collection.id },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe("Data collection not found");
    // A teacher may not request admin reports, nor an admin the teacher's.
    expect((await requestAdmin(W.teacherToken, { kind: "kra.ssr", dataCollectionId: W.collection.id })).status).toBe(403);
    const asAdmin = await call(teacherRequest, "POST", "/en/api/v1/reports/kra-data-results", {
      token: W.admin,
      params: { name: "kra-data-results" },
      body: { dataCollectionId: W.collection.id },
    });
    expect(asAdmin.status).toBe(403);
  });

  it("shows and serves a report to its requester only", async () => {
    // Three of the admin's own, so that the archive has a second page.
    const made = [];
    for (let i = 0; i < 3; i++) {
      const res = await requestAdmin(W.admin, { kind: "kra.districtcompletion", dataCollectionId: W.collection.id });
      made.push(await completed(W.admin, res.body.report.id));
    }
    const done = made[2];
    const other = await call(downloadGet, "GET", "/x", { token: W.otherAdmin, params: { id: String(done.id) } });
    expect(other.status).toBe(404);
    const colleague = await call(downloadGet, "GET", "/x", { token: W.districtAdmin, params: { id: String(done.id) } });
    expect(colleague.status).toBe(404);
    const list = await call(listGet, "GET", "/en/api/v1/reports", { token: W.otherAdmin });
    expect(list.body.reports).toEqual([]);
    const archive = await call(archiveGet, "GET", "/en/api/v1/reports/archive", { token: W.admin, query: { pageSize: 2 } });
    expect(archive.status).toBe(200);
    expect(archive.body.reports).toHaveLength(2);
    expect(archive.body.total).toBeGreaterThanOrEqual(3);
  });
});

async function tenantOf(token: string): Promise<number> {
  const { decodeToken } = await import("@/lib/platform/session-token");
  return (await decodeToken(token))!.tid;
}

describe("every report kind", () => {
  it("builds each admin kind and each teacher type from the database", async () => {
    const admin = await Promise.all(
      ADMIN_REPORT_KINDS.map((kind) =>
        requestAdmin(
          W.admin,
          REPORT_TYPES[kind].needs === "collection" ? { kind, dataCollectionId: W.collection.id } : { kind, schoolYearId: W.assessment.schoolYearId },
        ),
      ),
    );
    const teacher = await Promise.all(
      TEACHER_REPORT_TYPES.map((name) =>
        call(teacherRequest, "POST", "/x", { token: W.teacherToken, params: { name }, body: { dataCollectionId: W.collection.id } }),
      ),
    );
    for (const res of [...admin, ...teacher]) expect(res.status).toBe(200);
    const finished = await Promise.all([
      ...admin.map((res) => completed(W.admin, res.body.report.id)),
      ...teacher.map((res) => completed(W.teacherToken, res.body.report.id)),
    ]);
    const outcome = Object.fromEntries(finished.map((r) => [r.kind, [r.status, r.metadata.rows > 0]]));
    for (const kind of [...ADMIN_REPORT_KINDS, ...TEACHER_REPORT_TYPES]) expect(outcome[kind], kind).toEqual(["complete", true]);
  }, 60_000);
});

describe("teacher report requests", () => {
  it("builds a teacher's report over their own class and answers the polled path", async () => {
    const res = await call(collectionRequest, "POST", `/en/api/v1/user/collections/${W.collection.id}/reports.json`, {
      token: W.teacherToken,
      params: { id: String(W.collection.id) },
      body: { request_data: { type: "kra-data-results", priorityOnly: false } },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Your report has been successfully requested");
    const id = res.body.report.id;
    const poll = () => call(pollGet, "GET", "/x", { token: W.teacherToken, params: { id: String(W.collection.id), reportId: `${id}.json` } });
    const done = await waitFor(async () => {
      const r = await poll();
      return r.body.report.status === "complete" ? r.body.report : undefined;
    });
    expect(done.requestData).toEqual({ format: "xlsx", priorityOnly: false });
    const { rows } = await sheetRows(await fileOf(W.teacherToken, id));
    expect(rows.map((r) => r[0])).toEqual(["000120", "000121", "000122"]);
    // Another person's poll: 404.
    expect((await call(pollGet, "GET", "/x", { token: W.admin, params: { id: String(W.collection.id), reportId: `${id}.json` } })).status).toBe(404);
  });

  it("builds ELA.StudentScores while the request waits: the answer is complete, nothing to poll", async () => {
    const res = await call(collectionRequest, "POST", "/x", {
      token: W.teacherToken,
      params: { id: String(W.collection.id) },
      body: { request_data: { type: "ELA.StudentScores" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.report).toMatchObject({ kind: "ELA.StudentScores", status: "complete", downloadUrl: `/en/api/v1/reports/download/${res.body.report.id}` });
    const { rows } = await sheetRows(await fileOf(W.teacherToken, res.body.report.id));
    expect(rows.map((r) => r[0])).toEqual(["000120", "000121", "000122"]);
  });

  it("refuses collections that are not the teacher's", async () => {
    const lang = await call(teacherRequest, "POST", "/x", {
      token: W.teacherToken,
      params: { name: "language-literacy" },
      body: { dataCollectionId: 999_999 },
    });
    expect(lang.status).toBe(404);
  });
});

describe("report job", () => {
  it("marks a report it cannot build as failed with the reason, and tells the requester", async () => {
    const [row] = await db()
      .insert(reports)
      .values({
        tenantId: W.tenant.id,
        kind: "kra.retired",
        status: "queued",
        dataCollectionId: W.collection.id,
        schoolYearId: W.assessment.schoolYearId,
        requestedBy: W.adminId,
        requestData: { scope: { all: true } },
      })
      .returning();
    await sendJob(reportJob, { tenantId: W.tenant.id, reportId: row.id });
    const failed = await completed(W.admin, row.id);
    expect(failed.status).toBe("failed");
    expect(failed.errors).toEqual(["no content for report kind kra.retired"]);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, W.adminId));
    expect(notes.some((n) => n.message.includes("could not be produced"))).toBe(true);
  });
});

describe("GET /admin/tenants/{tenantId}/jobs.json", () => {
  it("counts queued and long-running jobs and lists them", async () => {
    const old = new Date(Date.now() - 31 * 60_000);
    const inserted = await db()
      .insert(reports)
      .values([
        { tenantId: W.tenant.id, kind: "kra.ssr", status: "queued", requestedBy: W.adminId },
        { tenantId: W.tenant.id, kind: "kra.ssr", status: "in_progress", startedAt: old, requestedBy: W.adminId },
        { tenantId: W.tenant.id, kind: "kra.ssr", status: "in_progress", startedAt: new Date() },
      ])
      .returning();
    const res = await call(jobsGet, "GET", "/x", { token: W.admin, params: { tenantId: String(W.tenant.id) } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      count_isr_queued: 0,
      count_isr_in_progress_30_mins: 0,
      count_bulk_load_queued: 0,
      count_bulk_load_in_progress_30_mins: 0,
      count_reports_queued: 1,
      count_reports_in_progress_30_mins: 1,
    });
    expect(res.body.jobs.map((j: { id: number }) => j.id).sort()).toEqual([inserted[0].id, inserted[1].id].sort());
    expect(res.body.jobs[0]).toMatchObject({ family: "reports", kind: "kra.ssr" });

    expect((await call(jobsGet, "GET", "/x", { token: W.districtAdmin, params: { tenantId: String(W.tenant.id) } })).status).toBe(403);
    expect((await call(jobsGet, "GET", "/x", { token: W.otherAdmin, params: { tenantId: String(W.tenant.id) } })).status).toBe(404);
    await db().delete(reports).where(eq(reports.tenantId, W.tenant.id));
  });
});
