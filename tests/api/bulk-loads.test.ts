import { and, eq, inArray, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, bulkLoads, files, notifications, studentEnrollments, students } from "@/db/schema";
import { handlers } from "@/jobs/registry";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { uploadFile } from "@/lib/platform/storage/upload-client";
import { GET as listGet, POST as loadPost } from "@/app/en/api/v1/bulk-load/route";
import { GET as oneGet } from "@/app/en/api/v1/bulk-load/[id]/route";
import { GET as templateGet } from "@/app/en/api/v1/bulk-load/template/route";
import { GET as downloadGet } from "@/app/en/api/v1/bulk-load/[id]/download/[type]/route";
import { GET as jobsGet } from "@/app/en/api/v1/admin/tenants/[tenantId]/jobs.json/route";
import { BASE, call, tokenFor } from "../support/api";
import { makeDistrict, makeLocation, makeRegion, makeStudent, makeTenant, makeUser } from "../support/factories";
import { TEST_JOB_ENV, setEnv, waitFor } from "../support/jobs";
import { appFetch, useLocalStorage, type StorageUnderTest } from "../support/storage";

setEnv(TEST_JOB_ENV);

/**
 * Tenant A: region R with district D1 (schools S1, and S1x inactive) and district D2 (school S2, where
 * a child with state id "D2-KID" is enrolled). A tenant admin, a district admin of D1, a teacher of S1.
 * Tenant B: an admin and a school. Files go through the real multipart protocol (local driver).
 */
let W: Awaited<ReturnType<typeof world>>;
let store: StorageUnderTest;

async function world() {
  const tenant = await makeTenant();
  const region = await makeRegion(tenant.id);
  const d1 = await makeDistrict(tenant.id, region.id);
  const d2 = await makeDistrict(tenant.id, region.id);
  const s1 = await makeLocation(tenant.id, d1.id);
  const s1x = await makeLocation(tenant.id, d1.id, { active: false });
  const s2 = await makeLocation(tenant.id, d2.id);
  const farKid = await makeStudent(tenant.id, { tenantUniqueId: "D2-KID", parentLocationId: s2.id });
  await db()
    .insert(studentEnrollments)
    .values({ tenantId: tenant.id, studentId: farKid.id, regionId: region.id, districtId: d2.id, locationId: s2.id, isPointOfAuthority: true });
  const admin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const districtAdmin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d1.id, administrative: true }] });
  const teacher = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: s1.id }] });
  const other = await makeTenant();
  const otherRegion = await makeRegion(other.id);
  const otherSchool = await makeLocation(other.id, (await makeDistrict(other.id, otherRegion.id)).id);
  const otherAdmin = await makeUser(other.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  return {
    tenant,
    d1,
    s1,
    s1x,
    s2,
    farKid,
    otherSchool,
    adminId: admin.id,
    admin: await tokenFor(admin),
    districtAdmin: await tokenFor(districtAdmin),
    teacher: await tokenFor(teacher),
    otherAdmin: await tokenFor(otherAdmin),
  };
}

beforeAll(async () => {
  store = await useLocalStorage();
  W = await world();
  await startWorkers(handlers);
});

afterAll(async () => {
  await stopWorkers();
  await store.stop();
});

const HEADER = "stateId,firstName,middleName,lastName,birthDate,gender,englishLanguageLearner,lowSes,specialEducation,race,locationId,priorCare";

async function upload(token: string, content: string | Buffer, fileName: string): Promise<number> {
  const uploaded = await uploadFile(new Blob([typeof content === "string" ? content : new Uint8Array(content)]), {
    purpose: "bulk-load",
    fileName,
    headers: { authorization: `Bearer ${token}` },
    fetch: appFetch,
  });
  return uploaded.id;
}

const post = (token: string, body: unknown) => call(loadPost, "POST", "/en/api/v1/bulk-load", { token, body });

async function finished(token: string, id: number) {
  return waitFor(
    async () => {
      const res = await call(oneGet, "GET", `/en/api/v1/bulk-load/${id}`, { token, params: { id: String(id) } });
      return ["complete", "failed"].includes(res.body.bulkLoad?.status) ? res.body.bulkLoad : undefined;
    },
    30_000,
    `bulk load ${id}`,
  );
}

async function load(token: string, content: string | Buffer, fileName = "roster.csv") {
  const res = await post(token, { fileId: await upload(token, content, fileName), type: "students" });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe("Your bulk load has been successfully requested");
  return finished(token, res.body.bulkLoad.id);
}

async function download(token: string, id: number, type: string) {
  const req = new NextRequest(new URL(`/en/api/v1/bulk-load/${id}/download/${type}`, BASE), { headers: { authorization: `Bearer ${token}` } });
  const res = await downloadGet(req, { params: Promise.resolve({ id: String(id), type }) });
  return { status: res.status, headers: res.headers, text: Buffer.from(await res.arrayBuffer()).toString("utf8") };
}

const csv = (lines: string[]) => [HEADER, ...lines].join("\r\n") + "\r\n";
const ssidsIn = (tenantId: number, ids: string[]) =>
  db()
    .select()
    .from(students)
    .where(and(eq(students.tenantId, tenantId), inArray(students.tenantUniqueId, ids)));

describe("templates", () => {
  it("answers every column as XLSX with the state id as a text column, the required ones only, or CSV", async () => {
    const res = await call(templateGet, "GET", "/en/api/v1/bulk-load/template", { token: W.admin, query: { type: "students" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain('filename="students-template.xlsx"');
    const req = new NextRequest(new URL("/en/api/v1/bulk-load/template?type=students", BASE), { headers: { authorization: `Bearer ${W.admin}` } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await (await templateGet(req, { params: Promise.resolve({}) })).arrayBuffer()) as ArrayBuffer);
    const header = (book.worksheets[0].getRow(1).values as string[]).slice(1);
    expect(header).toEqual(HEADER.split(",").slice(0, 9).concat(["specialEducationDisabilityCode", "race", "locationId", "priorCare"]));
    expect(book.worksheets[0].getColumn(1).numFmt).toBe("@");

    const required = await call(templateGet, "GET", "/en/api/v1/bulk-load/template", {
      token: W.admin,
      query: { type: "students", getRequiredOnly: "true", format: "csv" },
    });
    expect(required.status).toBe(200);
    expect(String(required.body).replace("\ufeff", "").trim()).toBe("stateId,firstName,lastName,locationId");
  });

  it("refuses an unknown type (400) and a teacher (403)", async () => {
    const bad = await call(templateGet, "GET", "/en/api/v1/bulk-load/template", { token: W.admin, query: { type: "pets" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: "type", message: "Must be one of: students, users, rosters, assignments" });
    expect((await call(templateGet, "GET", "/en/api/v1/bulk-load/template", { token: W.teacher })).status).toBe(403);
  });
});

describe("a load of good and bad rows", () => {
  it("loads every good row in one go, audits it, and names every bad row with its line and reason in the results file", async () => {
    const done = await load(
      W.admin,
      csv([
        `000123,Ada,,Lovelace,2021-02-03,FEMALE,1,0,0,4,${W.s1.id},Home`,
        `BL-2,Alan,M,Turing,06/23/2021,MALE,0,1,1,0,${W.s1.id},`,
        `bad id!,Bob,,Bad,2021-01-01,,,,,,${W.s1.id},`,
        `BL-4,Cy,,Cal,2021-02-30,,,,,,${W.s1.id},`,
        `BL-5,Di,,,2021-01-01,,,,,,${W.s1.id},`,
        `000123,Ed,,Again,2021-01-01,,,,,,${W.s1.id},`,
        `BL-7,Fay,,Far,2021-01-01,,,,,,${W.otherSchool.id},`,
        `BL-8,Gus,,Gone,2021-01-01,,,,,,${W.s1x.id},`,
        `BL-9,Hal,,Sex,2021-01-01,X,,,,,${W.s1.id},`,
        `"BL-10","Ivy, Jr",,"Quote ""Q""",2021-01-01,unknown,,,,2000,${W.s1.id},`,
      ]),
    );
    expect(done).toMatchObject({ status: "complete", totalRows: 10, processedRows: 10, errorRows: 8, loadedRows: 2, created: 2, updated: 0, hasResults: true });
    expect(done.dateCompleted).not.toBeNull();

    const loaded = await ssidsIn(W.tenant.id, ["000123", "BL-2", "BL-4", "BL-7", "BL-8", "BL-9"]);
    expect(loaded.map((s) => s.tenantUniqueId).sort()).toEqual(["000123", "BL-2"]);
    const ada = loaded.find((s) => s.tenantUniqueId === "000123")!;
    expect(ada).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      dob: "2021-02-03",
      gender: "FEMALE",
      englishLanguageLearner: true,
      race: 4,
      parentLocationId: W.s1.id,
    });
    const alan = loaded.find((s) => s.tenantUniqueId === "BL-2")!;
    expect(alan).toMatchObject({ middleName: "M", dob: "2021-06-23", lowSes: true, specialEducation: true });
    const [enrollment] = await db().select().from(studentEnrollments).where(eq(studentEnrollments.studentId, ada.id));
    expect(enrollment).toMatchObject({ locationId: W.s1.id, districtId: W.d1.id, isPointOfAuthority: true, priorCare: "Home" });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, W.tenant.id), inArray(auditLog.studentId, [ada.id, alan.id])));
    // One audit row per child created, naming the enrollment made with it.
    expect(audits.map((a) => `${a.action} ${a.entityType}`).sort()).toEqual(["create student", "create student"]);
    expect(audits.find((a) => a.studentId === ada.id)!.details).toMatchObject({ enrollmentId: enrollment.id, locationId: W.s1.id });
    expect(audits.every((a) => a.userId === W.adminId && (a.details as { bulkLoadId: number }).bulkLoadId === done.id)).toBe(true);

    const results = await download(W.admin, done.id, "results");
    expect(results.status).toBe(200);
    expect(results.headers.get("content-disposition")).toContain(`roster-results-${done.id}.csv`);
    const lines = results.text.replace("\ufeff", "").trim().split("\r\n");
    expect(lines).toEqual([
      "line,stateId,reason",
      "4,bad id!,stateId: Must be letters, digits or dashes".replace(
        "stateId: Must be letters, digits or dashes",
        '"stateId: Must be letters, digits or dashes"',
      ),
      "5,BL-4,birthDate: Must be a date (YYYY-MM-DD or MM/DD/YYYY)",
      "6,BL-5,lastName: Is required",
      "7,000123,stateId: Student State ID must be unique (also on line 2)",
      '8,BL-7,"locationId: Location not found, inactive or outside your reach"',
      '9,BL-8,"locationId: Location not found, inactive or outside your reach"',
      '10,BL-9,"gender: Must be one of: MALE, FEMALE, NON-BINARY, UNKNOWN"',
      "11,BL-10,race: Must be a whole number from 0 to 1023",
    ]);
    const original = await download(W.admin, done.id, "original");
    expect(original.text).toContain("000123,Ada");

    const [told] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, W.adminId), sql`${notifications.metadata}->>'bulkLoadId' = ${String(done.id)}`));
    expect(told.message).toBe('Your bulk load "roster.csv" is complete: 2 rows loaded, 8 refused');
  });

  it("loads the same rows again without changing anything, updates a changed child, and answers the same load for the same upload", async () => {
    const rows = [`RE-1,Rae,,One,2021-01-01,,,,,,${W.s1.id},`, `RE-2,Rex,,Two,2021-01-01,,,,,,${W.s1.id},`];
    const first = await load(W.admin, csv(rows), "again.csv");
    expect(first).toMatchObject({ status: "complete", created: 2, errorRows: 0 });
    const [rae] = await ssidsIn(W.tenant.id, ["RE-1"]);
    const auditsBefore = await db().select().from(auditLog).where(eq(auditLog.studentId, rae.id));

    const second = await load(W.admin, csv([rows[0], rows[1].replace("Two", "Deux")]), "again.csv");
    expect(second).toMatchObject({ status: "complete", created: 0, updated: 1, loadedRows: 2, errorRows: 0 });
    expect(await db().select().from(auditLog).where(eq(auditLog.studentId, rae.id))).toHaveLength(auditsBefore.length);
    expect(await db().select().from(studentEnrollments).where(eq(studentEnrollments.studentId, rae.id))).toHaveLength(1);
    const [rex] = await ssidsIn(W.tenant.id, ["RE-2"]);
    expect(rex.lastName).toBe("Deux");

    const [file] = await db().select().from(bulkLoads).where(eq(bulkLoads.id, second.id));
    const repeat = await post(W.admin, { fileId: file.fileId, type: "students" });
    expect(repeat.status).toBe(200);
    expect(repeat.body.bulkLoad.id).toBe(second.id);
  });

  it("numbers lines as the file has them: blank lines count, a quoted field may span lines", async () => {
    const done = await load(
      W.admin,
      [HEADER, `ML-1,"Multi\nLine",,Kid,2021-01-01,,,,,,${W.s1.id},`, "", `ML-3,Bad,,Date,2021-99-01,,,,,,${W.s1.id},`].join("\n") + "\n",
      "lines.csv",
    );
    expect(done).toMatchObject({ status: "complete", created: 1, errorRows: 1 });
    expect((await download(W.admin, done.id, "results")).text).toContain("5,ML-3,birthDate: Must be a date");
    const simple = await load(W.admin, [HEADER, "", `ML-4,Bad,,Date,2021-99-01,,,,,,${W.s1.id},`].join("\r\n"), "blank.csv");
    expect((await download(W.admin, simple.id, "results")).text).toContain("3,ML-4,birthDate: Must be a date");
  });

  it("reads an XLSX file: dates as dates, state ids as text with their leading zeros", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("students");
    sheet.addRow(["stateId", "firstName", "lastName", "birthDate", "locationId"]);
    sheet.addRow(["00777", "Xena", "Sheet", new Date(Date.UTC(2021, 4, 6)), W.s1.id]);
    sheet.addRow(["00778", "", "Sheet", "2021-05-06", W.s1.id]);
    const done = await load(W.admin, Buffer.from(await book.xlsx.writeBuffer()), "sheet.xlsx");
    expect(done).toMatchObject({ status: "complete", created: 1, errorRows: 1 });
    const [xena] = await ssidsIn(W.tenant.id, ["00777"]);
    expect(xena.dob).toBe("2021-05-06");
    expect((await download(W.admin, done.id, "results")).text).toContain("3,00778,firstName: Is required");
  });

  it("keeps a district admin inside their district: another district's school and another district's child are refused", async () => {
    const done = await load(
      W.districtAdmin,
      csv([`DA-1,Dee,,Ok,2021-01-01,,,,,,${W.s1.id},`, `DA-2,Dan,,Far,2021-01-01,,,,,,${W.s2.id},`, `D2-KID,Kid,,Moved,2021-01-01,,,,,,${W.s1.id},`]),
    );
    expect(done).toMatchObject({ status: "complete", created: 1, updated: 0, errorRows: 2 });
    const text = (await download(W.districtAdmin, done.id, "results")).text;
    expect(text).toContain('3,DA-2,"locationId: Location not found, inactive or outside your reach"');
    expect(text).toContain("4,D2-KID,stateId: Student State ID must be unique");
    const [far] = await ssidsIn(W.tenant.id, ["D2-KID"]);
    expect(far.lastName).toBe(W.farKid.lastName);
  });

  it("rolls the whole load back when its statement fails: no child, enrollment or audit row of the file is kept", async () => {
    await db().execute(
      sql.raw(`create or replace function bulk_test_refuse() returns trigger language plpgsql as $$
      begin if new.prior_care = 'explode' then raise exception 'refused by test'; end if; return new; end $$`),
    );
    await db().execute(sql.raw(`create trigger bulk_test_refuse before insert on student_enrollments for each row execute function bulk_test_refuse()`));
    try {
      const done = await load(W.admin, csv([`RB-1,Rob,,Back,2021-01-01,,,,,,${W.s1.id},`, `RB-2,Ron,,Back,2021-01-01,,,,,,${W.s1.id},explode`]));
      expect(done.status).toBe("failed");
      expect(done.errors).toEqual(["The file could not be loaded; nothing of it was loaded. Please upload it again."]);
      expect(await ssidsIn(W.tenant.id, ["RB-1", "RB-2"])).toHaveLength(0);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(sql`${auditLog.details}->>'bulkLoadId' = ${String(done.id)}`);
      expect(audits).toHaveLength(0);
    } finally {
      await db().execute(sql.raw(`drop trigger bulk_test_refuse on student_enrollments`));
    }
  });
});

describe("whole-file refusals", () => {
  it("refuses a file that is not CSV or XLSX (400), one over 50 MB (413), and fails one missing a required column with its names", async () => {
    const TYPE = "The file must be a CSV (.csv) or Excel (.xlsx) file";
    // The upload refuses it at its start; a stored file of another kind (kept from before) is refused by the load too.
    await expect(upload(W.admin, "hello", "notes.txt")).rejects.toThrow(TYPE);
    const renamed = await upload(W.admin, "hello", "notes.csv");
    await db().update(files).set({ originalFileName: "notes.txt" }).where(eq(files.id, renamed));
    const txt = await post(W.admin, { fileId: renamed });
    expect(txt.status).toBe(400);
    expect(txt.body.message).toBe(TYPE);

    const fileId = await upload(W.admin, "x", "huge.csv");
    await db()
      .update(files)
      .set({ size: 60 * 1024 * 1024 })
      .where(eq(files.id, fileId));
    const huge = await post(W.admin, { fileId });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe("The file may not be larger than 50 MB");

    const missing = await load(W.admin, "stateId,firstName\r\nM-1,Max\r\n", "short.csv");
    expect(missing.status).toBe("failed");
    expect(missing.errors).toEqual(["The file is missing the required columns: lastName, locationId"]);
    // An archive named .csv is refused when its upload completes, by its first bytes.
    await expect(upload(W.admin, "PK\u0003\u0004 not really", "fake.csv")).rejects.toThrow(TYPE);
  });

  it("validates the body (400)", async () => {
    const res = await post(W.admin, { fileId: "x", type: "pets" });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["fileId", "type"]);
  });
});

describe("who sees what", () => {
  // A world of its own holding the loads the lists show: the district admin's one, the tenant admin's four.
  let V: typeof W;
  beforeAll(async () => {
    V = await world();
    expect((await load(V.districtAdmin, csv([`WS-0,Wes,,See,2021-01-01,,,,,,${V.s1.id},`]))).status).toBe("complete");
    for (const i of [1, 2, 3, 4])
      expect((await load(V.admin, csv([`WS-${i},Wes,,See,2021-01-01,,,,,,${V.s1.id},`]), `admin-${i}.csv`)).status).toBe("complete");
  });

  it("lists one's own loads paged; a tenant admin sees the tenant's with administration=true; job counts count them", async () => {
    const mine = await call(listGet, "GET", "/en/api/v1/bulk-load", { token: V.districtAdmin, query: { page: 1, pageSize: 5 } });
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(1);
    expect(mine.body.bulkLoads[0]).toMatchObject({ originalFileName: "roster.csv", username: expect.stringContaining("@test.example") });
    const all = await call(listGet, "GET", "/en/api/v1/bulk-load", { token: V.admin, query: { administration: "true", pageSize: 100 } });
    expect(all.body.total).toBeGreaterThan(mine.body.total);
    const page2 = await call(listGet, "GET", "/en/api/v1/bulk-load", { token: V.admin, query: { page: 2, pageSize: 2 } });
    expect(page2.body.bulkLoads).toHaveLength(2);
    const districtAsking = await call(listGet, "GET", "/en/api/v1/bulk-load", { token: V.districtAdmin, query: { administration: "true" } });
    expect(districtAsking.body.total).toBe(1);

    await db().insert(bulkLoads).values({ tenantId: V.tenant.id, type: "students", originalFileName: "waiting.csv", fileName: "x", status: "queued" });
    const jobs = await call(jobsGet, "GET", `/en/api/v1/admin/tenants/${V.tenant.id}/jobs.json`, { token: V.admin, params: { tenantId: String(V.tenant.id) } });
    expect(jobs.body.count_bulk_load_queued).toBeGreaterThanOrEqual(1);
  });

  it("answers 404 for another tenant's or another person's load and file, and 403 for a teacher", async () => {
    const [theirs] = await db()
      .select()
      .from(bulkLoads)
      .where(and(eq(bulkLoads.tenantId, V.tenant.id), eq(bulkLoads.userId, V.adminId)))
      .limit(1);
    expect((await call(oneGet, "GET", `/en/api/v1/bulk-load/${theirs.id}`, { token: V.otherAdmin, params: { id: String(theirs.id) } })).status).toBe(404);
    expect((await call(oneGet, "GET", `/en/api/v1/bulk-load/${theirs.id}`, { token: V.districtAdmin, params: { id: String(theirs.id) } })).status).toBe(404);
    expect((await download(V.otherAdmin, theirs.id, "results")).status).toBe(404);
    expect((await download(V.districtAdmin, theirs.id, "original")).status).toBe(404);
    const other = await call(listGet, "GET", "/en/api/v1/bulk-load", { token: V.otherAdmin, query: { administration: "true" } });
    expect(other.body.total).toBe(0);
    // Another person's upload, or another tenant's, cannot be loaded.
    expect((await post(V.districtAdmin, { fileId: theirs.fileId })).status).toBe(404);
    expect((await post(V.otherAdmin, { fileId: theirs.fileId })).status).toBe(404);

    expect((await post(V.teacher, { fileId: theirs.fileId })).status).toBe(403);
    expect((await call(listGet, "GET", "/en/api/v1/bulk-load", { token: V.teacher })).status).toBe(403);
    expect((await call(oneGet, "GET", `/en/api/v1/bulk-load/${theirs.id}`, { token: V.teacher, params: { id: String(theirs.id) } })).status).toBe(403);
    expect((await download(V.teacher, theirs.id, "results")).status).toBe(403);
  });
});
