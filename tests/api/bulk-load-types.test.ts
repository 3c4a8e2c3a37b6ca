import { and, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import {
  auditLog,
  bulkLoads,
  dataCollectionDistrictAssignments,
  files,
  enrollmentAssociations,
  mailOutbox,
  studentDataCollectionAssignments,
  userOrganizations,
  userRoles,
  users,
} from "@/db/schema";
import { handlers } from "@/jobs/registry";
import { runBulkLoad } from "@/lib/bulk-load/load";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { uploadFile } from "@/lib/platform/storage/upload-client";
import { POST as loadPost } from "@/app/en/api/v1/bulk-load/route";
import { GET as oneGet } from "@/app/en/api/v1/bulk-load/[id]/route";
import { GET as templateGet } from "@/app/en/api/v1/bulk-load/template/route";
import { GET as downloadGet } from "@/app/en/api/v1/bulk-load/[id]/download/[type]/route";
import { BASE, call, tokenFor } from "../support/api";
import {
  makeAssessment,
  makeDataCollection,
  makeDistrict,
  makeEnrollment,
  makeLocation,
  makeRegion,
  makeSchoolYear,
  makeStudent,
  makeTenant,
  makeUser,
} from "../support/factories";
import { TEST_JOB_ENV, setEnv, waitFor } from "../support/jobs";
import { appFetch, useLocalStorage, type StorageUnderTest } from "../support/storage";

setEnv(TEST_JOB_ENV);

/**
 * The users, rosters and assignments bulk-load types. Tenant A: districts D1 (school S1, with the
 * teacher T1, the data manager DM, the children K1 and K1B enrolled and K3 enrolled inactive) and D2
 * (school S2, teacher T2, child K2). Collections: OPEN assigned to D1, FAR assigned to D2 only, SHUT
 * (enrollment ended) assigned to D1. A tenant admin, a district admin of D1, a teacher. Tenant B: a
 * school, a user and a collection whose ids are refused.
 */
let W: Awaited<ReturnType<typeof world>>;
let store: StorageUnderTest;

async function world() {
  const tenant = await makeTenant();
  const t = tenant.id;
  const region = await makeRegion(t);
  const d1 = await makeDistrict(t, region.id);
  const d2 = await makeDistrict(t, region.id);
  const s1 = await makeLocation(t, d1.id);
  const s2 = await makeLocation(t, d2.id);
  const stamp = `${t}`;
  const t1 = await makeUser(t, {
    roles: ["ROLE_TEACHER"],
    orgs: [{ orgType: "location", id: s1.id }],
    email: `t1-${stamp}@bulk.example`,
    tenantMemberId: `TM1-${stamp}`,
  });
  const t2 = await makeUser(t, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: s2.id }], email: `t2-${stamp}@bulk.example` });
  const off = await makeUser(t, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: s1.id }], email: `off-${stamp}@bulk.example`, enabled: false });
  const dm = await makeUser(t, { roles: ["ROLE_DATA_MANAGER"], orgs: [{ orgType: "location", id: s1.id }], email: `dm-${stamp}@bulk.example` });
  const kid = async (ssid: string, school: typeof s1, active = true) => {
    const student = await makeStudent(t, { tenantUniqueId: ssid, parentLocationId: school.id });
    return { student, enrollment: await makeEnrollment(t, student.id, school, { active }) };
  };
  const k1 = await kid(`K1-${stamp}`, s1);
  const k1b = await kid(`K1B-${stamp}`, s1);
  const k3 = await kid(`K3-${stamp}`, s1, false);
  const k2 = await kid(`K2-${stamp}`, s2);
  const refs = { schoolYearId: (await makeSchoolYear()).id, assessmentId: (await makeAssessment()).id };
  const open = await makeDataCollection(t, refs);
  const far = await makeDataCollection(t, refs);
  const shut = await makeDataCollection(t, refs, { enrollmentEndDate: new Date(Date.now() - 86400_000) });
  await db()
    .insert(dataCollectionDistrictAssignments)
    .values([
      { tenantId: t, dataCollectionId: open.id, districtId: d1.id },
      { tenantId: t, dataCollectionId: far.id, districtId: d2.id },
      { tenantId: t, dataCollectionId: shut.id, districtId: d1.id },
    ]);
  const admin = await makeUser(t, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const districtAdmin = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d1.id, administrative: true }] });
  const other = await makeTenant();
  const otherRegion = await makeRegion(other.id);
  const otherSchool = await makeLocation(other.id, (await makeDistrict(other.id, otherRegion.id)).id);
  const otherUser = await makeUser(other.id, { email: `taken-${stamp}@bulk.example`, username: `taken-${stamp}@bulk.example` });
  const otherCollection = await makeDataCollection(other.id, refs);
  return {
    t,
    stamp,
    d1,
    s1,
    s2,
    t1,
    t2,
    off,
    dm,
    k1,
    k1b,
    k2,
    k3,
    open,
    far,
    shut,
    otherSchool,
    otherUser,
    otherCollection,
    adminId: admin.id,
    districtAdminId: districtAdmin.id,
    admin: await tokenFor(admin),
    districtAdmin: await tokenFor(districtAdmin),
    teacher: await tokenFor(t1),
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

async function upload(token: string, content: string, fileName: string): Promise<number> {
  const uploaded = await uploadFile(new Blob([content]), { purpose: "bulk-load", fileName, headers: { authorization: `Bearer ${token}` }, fetch: appFetch });
  return uploaded.id;
}

const post = (token: string, body: unknown) => call(loadPost, "POST", "/en/api/v1/bulk-load", { token, body });

async function load(token: string, type: string, lines: string[], fileName = `${type}.csv`) {
  const res = await post(token, { fileId: await upload(token, `${lines.join("\r\n")}\r\n`, fileName), type });
  expect(res.status).toBe(200);
  const id = res.body.bulkLoad.id as number;
  return waitFor(
    async () => {
      const one = await call(oneGet, "GET", `/en/api/v1/bulk-load/${id}`, { token, params: { id: String(id) } });
      return ["complete", "failed"].includes(one.body.bulkLoad?.status) ? one.body.bulkLoad : undefined;
    },
    60_000,
    `bulk load ${id}`,
  );
}

async function results(token: string, id: number): Promise<string[]> {
  const req = new NextRequest(new URL(`/en/api/v1/bulk-load/${id}/download/results`, BASE), { headers: { authorization: `Bearer ${token}` } });
  const res = await downloadGet(req, { params: Promise.resolve({ id: String(id), type: "results" }) });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer())
    .toString("utf8")
    .replace("\ufeff", "")
    .trim()
    .split("\r\n");
}

const auditsOf = (loadId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, W.t), eq(auditLog.requestId, `bulk-load:${loadId}`)));

describe("templates", () => {
  it("answers each type's columns from the same definitions: the required ones as CSV, all as XLSX with text id columns", async () => {
    const required = async (type: string) => {
      const res = await call(templateGet, "GET", "/en/api/v1/bulk-load/template", { token: W.admin, query: { type, getRequiredOnly: "true", format: "csv" } });
      expect(res.status).toBe(200);
      return String(res.body).replace("\ufeff", "").trim();
    };
    expect(await required("users")).toBe("email,firstName,lastName");
    expect(await required("rosters")).toBe("studentStateId,locationId");
    expect(await required("assignments")).toBe("studentStateId,dataCollectionId");

    const req = new NextRequest(new URL("/en/api/v1/bulk-load/template?type=rosters", BASE), { headers: { authorization: `Bearer ${W.admin}` } });
    const res = await templateGet(req, { params: Promise.resolve({}) });
    expect(res.headers.get("content-disposition")).toContain('filename="rosters-template.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    expect((book.worksheets[0].getRow(1).values as string[]).slice(1)).toEqual(["studentStateId", "locationId", "teacherEmail", "teacherTenantMemberId"]);
    expect(book.worksheets[0].getColumn(1).numFmt).toBe("@");
    expect(book.worksheets[1].getRow(3).getCell(1).value).toBe("locationId");
  });
});

describe("users", () => {
  const header = "email,firstName,lastName,tenantMemberId,roles,locationId,districtId,administrative,memberUniqueId,sendInvite";

  it("creates every good user with their link, roles and invitation, names every bad row, and a re-upload changes nothing and invites nobody", async () => {
    const nia = `nia-${W.stamp}@bulk.example`;
    const dan = `dan-${W.stamp}@bulk.example`;
    const lines = [
      header,
      `${nia.toUpperCase()},Nia,Teach,TMN-${W.stamp},ROLE_TEACHER,${W.s1.id},,,N-1,`,
      `${dan},Dan,Boss,,ROLE_DATA_MANAGER,,${W.d1.id},1,,0`,
      `not-an-email,Bad,Email,,,${W.s1.id},,,,`,
      `nofirst-${W.stamp}@bulk.example,,Name,,,${W.s1.id},,,,`,
      `role-${W.stamp}@bulk.example,Rol,Es,,ROLE_ADMIN,${W.s1.id},,,,`,
      `far-${W.stamp}@bulk.example,Far,Away,,,${W.otherSchool.id},,,,`,
      `both-${W.stamp}@bulk.example,Bo,Th,,,${W.s1.id},${W.d1.id},,,`,
      `${W.otherUser.email},Tak,En,,,${W.s1.id},,,,`,
      `${W.t1.email},Tee,One,,,${W.s2.id},,,,`,
    ];
    const done = await load(W.admin, "users", lines, "users.csv");
    expect(done).toMatchObject({ status: "complete", totalRows: 9, errorRows: 7, created: 2, loadedRows: 2 });
    expect(await results(W.admin, done.id)).toEqual([
      "line,email,reason",
      "4,not-an-email,email: Invalid email format",
      `5,nofirst-${W.stamp}@bulk.example,firstName: First name is required`,
      `6,role-${W.stamp}@bulk.example,roles: Roles may be ROLE_TEACHER or ROLE_DATA_MANAGER`,
      `7,far-${W.stamp}@bulk.example,locationId: Organization not found`,
      `8,both-${W.stamp}@bulk.example,"districtId: Give a locationId or a districtId, not both"`,
      `9,${W.otherUser.email},email: A user with this email already exists`,
      `10,${W.t1.email},email: A user with this email already exists`,
    ]);

    const made = await db()
      .select()
      .from(users)
      .where(and(eq(users.tenantId, W.t), inArray(users.email, [nia, dan])));
    expect(made.map((u) => u.email).sort()).toEqual([dan, nia]);
    const niaRow = made.find((u) => u.email === nia)!;
    const danRow = made.find((u) => u.email === dan)!;
    expect(niaRow).toMatchObject({ firstName: "Nia", tenantMemberId: `TMN-${W.stamp}` });
    const links = await db()
      .select()
      .from(userOrganizations)
      .where(inArray(userOrganizations.userId, [niaRow.id, danRow.id]));
    expect(links.map((l) => `${l.userId === niaRow.id ? "nia" : "dan"} ${l.orgType} ${l.parentId} ${l.administrative} ${l.memberUniqueId}`).sort()).toEqual([
      `dan district ${W.d1.id} true null`,
      `nia location ${W.s1.id} false N-1`,
    ]);
    const roles = await db()
      .select()
      .from(userRoles)
      .where(inArray(userRoles.userId, [niaRow.id, danRow.id]));
    expect(
      roles
        .filter((r) => r.userId === danRow.id)
        .map((r) => r.role)
        .sort(),
    ).toEqual(["ROLE_ADMIN", "ROLE_DATA_MANAGER"]);
    expect(roles.filter((r) => r.userId === niaRow.id).map((r) => r.role)).toEqual(["ROLE_TEACHER"]);
    const audits = await auditsOf(done.id);
    expect(audits.map((a) => `${a.action} ${a.entityType}`).sort()).toEqual([
      "create user",
      "create user",
      "create user_organization",
      "create user_organization",
    ]);
    expect(audits.every((a) => a.userId === W.adminId)).toBe(true);
    // The invitation as POST /users sends it, only where sendInvite is not 0.
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.toAddress, [nia, dan]));
    expect(mails.map((m) => [m.toAddress, (m.meta as { kind: string }).kind])).toEqual([[nia, "registration"]]);

    const again = await load(W.admin, "users", lines, "users.csv");
    expect(again).toMatchObject({ status: "complete", created: 0, updated: 0, loadedRows: 2, errorRows: 7 });
    expect(await auditsOf(again.id)).toHaveLength(0);
    expect(
      await db()
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.toAddress, [nia, dan])),
    ).toHaveLength(1);
  });

  it("keeps a district admin to their district: another district's school or none at all is refused per row", async () => {
    const ok = `da-${W.stamp}@bulk.example`;
    const done = await load(W.districtAdmin, "users", [
      "email,firstName,lastName,locationId,districtId",
      `${ok},Dee,Aye,${W.s1.id},`,
      `da2-${W.stamp}@bulk.example,Dee,Two,${W.s2.id},`,
      `da3-${W.stamp}@bulk.example,Dee,Three,,`,
    ]);
    expect(done).toMatchObject({ status: "complete", created: 1, errorRows: 2 });
    expect(await results(W.districtAdmin, done.id)).toEqual([
      "line,email,reason",
      `3,da2-${W.stamp}@bulk.example,locationId: Organization not found`,
      `4,da3-${W.stamp}@bulk.example,locationId: Choose at least one organization within your administration`,
    ]);
    expect(
      await db()
        .select()
        .from(users)
        .where(and(eq(users.tenantId, W.t), inArray(users.email, [ok, `da2-${W.stamp}@bulk.example`]))),
    ).toHaveLength(1);
  });
});

describe("rosters", () => {
  it("rosters every good row through the rosters API's rules, names every bad row, and a re-upload changes nothing", async () => {
    const lines = [
      "studentStateId,locationId,teacherEmail,teacherTenantMemberId",
      `${W.k1.student.tenantUniqueId},${W.s1.id},${W.t1.email.toUpperCase()},`,
      `${W.k1b.student.tenantUniqueId},${W.s1.id},,${W.t1.tenantMemberId}`,
      `${W.k1.student.tenantUniqueId},${W.s1.id},,${W.t1.tenantMemberId}`,
      `${W.k1.student.tenantUniqueId},${W.s1.id},${W.dm.email},`,
      `${W.k2.student.tenantUniqueId},${W.s2.id},${W.t2.email},`,
      `NOBODY-${W.stamp},${W.s1.id},${W.t1.email},`,
      `${W.k3.student.tenantUniqueId},${W.s1.id},${W.t1.email},`,
      `${W.k1.student.tenantUniqueId},${W.s1.id},ghost-${W.stamp}@bulk.example,`,
      `${W.k1.student.tenantUniqueId},${W.otherSchool.id},${W.t1.email},`,
      `${W.k1.student.tenantUniqueId},${W.s1.id},,`,
      `${W.k1.student.tenantUniqueId},school,${W.t1.email},`,
      `${W.k1b.student.tenantUniqueId},${W.s1.id},${W.off.email},`,
    ];
    const done = await load(W.districtAdmin, "rosters", lines);
    expect(done).toMatchObject({ status: "complete", totalRows: 12, created: 2, loadedRows: 3, errorRows: 9 });
    expect(await results(W.districtAdmin, done.id)).toEqual([
      "line,studentStateId,reason",
      `5,${W.k1.student.tenantUniqueId},teacherEmail: Must be a teacher at the location`,
      `6,${W.k2.student.tenantUniqueId},locationId: Location not found`,
      `7,NOBODY-${W.stamp},studentStateId: Enrollment not found`,
      `8,${W.k3.student.tenantUniqueId},studentStateId: Must be an active enrollment at the location`,
      `9,${W.k1.student.tenantUniqueId},teacherEmail: Teacher not found`,
      `10,${W.k1.student.tenantUniqueId},locationId: Location not found`,
      `11,${W.k1.student.tenantUniqueId},teacherEmail: Is required (or teacherTenantMemberId)`,
      `12,${W.k1.student.tenantUniqueId},locationId: Must be a positive whole number`,
      `13,${W.k1b.student.tenantUniqueId},teacherEmail: Must be a teacher at the location`,
    ]);
    const roster = await db().select().from(enrollmentAssociations).where(eq(enrollmentAssociations.userId, W.t1.id));
    expect(roster.map((r) => r.studentEnrollmentId).sort()).toEqual([W.k1.enrollment.id, W.k1b.enrollment.id].sort());
    expect(roster.every((r) => r.locationId === W.s1.id)).toBe(true);
    const audits = await auditsOf(done.id);
    expect(audits.map((a) => `${a.action} ${a.entityType} ${a.studentId}`).sort()).toEqual(
      [`create enrollment_association ${W.k1.student.id}`, `create enrollment_association ${W.k1b.student.id}`].sort(),
    );
    expect(audits.every((a) => a.userId === W.districtAdminId)).toBe(true);
    // As the rosters API writes them (the set-based pass writes the same).
    const k1Entry = roster.find((r) => r.studentEnrollmentId === W.k1.enrollment.id)!;
    expect(audits.find((a) => a.entityId === k1Entry.id)!.details).toEqual({ userId: W.t1.id, studentEnrollmentId: W.k1.enrollment.id, locationId: W.s1.id });

    const again = await load(W.districtAdmin, "rosters", lines);
    expect(again).toMatchObject({ status: "complete", created: 0, loadedRows: 3, errorRows: 9 });
    expect(await auditsOf(again.id)).toHaveLength(0);
    expect(await db().select().from(enrollmentAssociations).where(eq(enrollmentAssociations.userId, W.t1.id))).toHaveLength(2);
  });

  it("lets a tenant admin roster in any district", async () => {
    const done = await load(W.admin, "rosters", ["studentStateId,locationId,teacherEmail", `${W.k2.student.tenantUniqueId},${W.s2.id},${W.t2.email}`]);
    expect(done).toMatchObject({ status: "complete", created: 1, errorRows: 0 });
  });
});

describe("collection assignments", () => {
  it("assigns every good row through the collection-assignment API's rules, names every bad row, and a re-upload changes nothing", async () => {
    const k1 = W.k1.student.tenantUniqueId;
    const lines = [
      "studentStateId,dataCollectionId,teacherType,locationId",
      `${k1},${W.open.id},,`,
      `${W.k1b.student.tenantUniqueId},${W.open.id},Secondary,${W.s1.id}`,
      `${k1},${W.open.id},Secondary,`,
      `${k1},${W.far.id},,`,
      `${k1},${W.shut.id},,`,
      `${W.k2.student.tenantUniqueId},${W.open.id},,`,
      `${k1},${W.otherCollection.id},,`,
      `${k1},${W.open.id},Tertiary,`,
      `${W.k3.student.tenantUniqueId},${W.open.id},,${W.s1.id}`,
      `,${W.open.id},,`,
    ];
    const done = await load(W.districtAdmin, "assignments", lines);
    expect(done).toMatchObject({ status: "complete", totalRows: 10, created: 2, loadedRows: 3, errorRows: 7 });
    expect(await results(W.districtAdmin, done.id)).toEqual([
      "line,studentStateId,reason",
      `5,${k1},dataCollectionId: The collection is not assigned to the student's location`,
      `6,${k1},dataCollectionId: The collection's enrollment period has ended`,
      `7,${W.k2.student.tenantUniqueId},studentStateId: Enrollment not found`,
      `8,${k1},dataCollectionId: Collection not found`,
      `9,${k1},"teacherType: Must be one of: Primary, Secondary"`,
      `10,${W.k3.student.tenantUniqueId},studentStateId: The enrollment is not active`,
      "11,,studentStateId: Is required",
    ]);
    const assigned = await db()
      .select()
      .from(studentDataCollectionAssignments)
      .where(and(eq(studentDataCollectionAssignments.tenantId, W.t), eq(studentDataCollectionAssignments.dataCollectionId, W.open.id)));
    expect(assigned.map((a) => `${a.studentEnrollmentId} ${a.teacherType}`).sort()).toEqual(
      [`${W.k1.enrollment.id} Primary`, `${W.k1b.enrollment.id} Secondary`].sort(),
    );
    const audits = await auditsOf(done.id);
    expect(audits.map((a) => `${a.action} ${a.entityType}`)).toEqual(["create data_collection_assignment", "create data_collection_assignment"]);
    // As the assignment API writes them (the set-based pass writes the same), each with its own token.
    const k1bEntry = assigned.find((a) => a.studentEnrollmentId === W.k1b.enrollment.id)!;
    expect(audits.find((a) => a.entityId === k1bEntry.id)).toMatchObject({
      userId: W.districtAdminId,
      studentId: W.k1b.student.id,
      details: { studentEnrollmentId: W.k1b.enrollment.id, dataCollectionId: W.open.id, teacherType: "Secondary" },
    });
    expect(new Set(assigned.map((a) => a.token)).size).toBe(2);
    expect(assigned.every((a) => /^[0-9a-f-]{36}$/.test(a.token))).toBe(true);

    const again = await load(W.districtAdmin, "assignments", lines);
    expect(again).toMatchObject({ status: "complete", created: 0, loadedRows: 3, errorRows: 7 });
    expect(await auditsOf(again.id)).toHaveLength(0);
  });
});

describe("who may load", () => {
  it("answers 403 to a teacher for every type, and fails a load whose uploader was disabled meanwhile", async () => {
    const fileId = await upload(W.admin, "studentStateId,locationId\r\nX,1\r\n", "t.csv");
    for (const type of ["users", "rosters", "assignments"]) expect((await post(W.teacher, { fileId, type })).status).toBe(403);

    // The job runs directly here: a load queued by an admin disabled before it ran loads nothing.
    const gone = await makeUser(W.t, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
    const token = await tokenFor(gone);
    const goneFile = await upload(token, `studentStateId,locationId,teacherEmail\r\n${W.k1b.student.tenantUniqueId},${W.s1.id},${W.t2.email}\r\n`, "gone.csv");
    const [file] = await db().select().from(files).where(eq(files.id, goneFile));
    const [queued] = await db()
      .insert(bulkLoads)
      .values({
        tenantId: W.t,
        userId: gone.id,
        type: "rosters",
        status: "queued",
        originalFileName: "gone.csv",
        fileName: file.storageKey,
        fileId: file.id,
        summary: { scope: { all: true } },
      })
      .returning();
    await db().update(users).set({ enabled: false }).where(eq(users.id, gone.id));
    await expect(runBulkLoad({ tenantId: W.t, bulkLoadId: queued.id }, { jobId: "test", attempt: 1, lastAttempt: true })).rejects.toThrow(
      "The uploader may no longer load files",
    );
    const [done] = await db().select().from(bulkLoads).where(eq(bulkLoads.id, queued.id));
    expect(done.status).toBe("failed");
    expect((done.summary as { errors: string[] }).errors).toEqual(["The uploader may no longer load files"]);
  });
});
