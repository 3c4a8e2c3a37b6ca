import { and, desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog } from "@/db/schema";
import { GET as studentGet } from "@/app/en/api/v1/students/[id]/route";
import { GET as ssidGet } from "@/app/en/api/v1/students/ssid/[stateId]/route";
import { GET as enrollmentsGet } from "@/app/en/api/v1/enrollments/route";
import { GET as enrollmentsJsonGet } from "@/app/en/api/v1/admin/tenants/[tenantId]/students/[studentId]/enrollments.json/route";
import { GET as auditGet } from "@/app/en/api/v1/audit-log/route";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeEnrollment, makeLocation, makeOrgTree, makeStudent, makeTenant, makeUser } from "../support/factories";

/**
 * FERPA 34 CFR 99.32: reads of a student's record (the student, its enrollments) write "view" audit
 * rows in the reading service's transaction; refused reads write none; the audit page lists them.
 */
let t: number;
let kid: { id: number; tenantUniqueId: string };
let enrollmentId: number;
const p = {} as Record<"admin" | "outsider" | "teacher" | "otherTenant", string>;
let adminId: number;

// Each test its own tenant and student, so the views it counts are its own.
beforeEach(async () => {
  t = (await makeTenant()).id;
  const tree = await makeOrgTree(t);
  const elsewhere = await makeLocation(t, (await makeDistrict(t, tree.region.id)).id);
  kid = await makeStudent(t, { parentLocationId: tree.location.id });
  enrollmentId = (await makeEnrollment(t, kid.id, tree.location)).id;
  const admin = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: tree.district.id, administrative: true }] });
  adminId = admin.id;
  p.admin = await tokenFor(admin);
  p.outsider = await tokenFor(await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "location", id: elsewhere.id, administrative: true }] }));
  p.teacher = await tokenFor(await makeUser(t, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: tree.location.id }] }));
  const other = await makeTenant();
  p.otherTenant = await tokenFor(await makeUser(other.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] }));
});

const views = () =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.studentId, kid.id), eq(auditLog.action, "view")))
    .orderBy(desc(auditLog.id));
const getStudent = (token: string) =>
  call(studentGet, "GET", `/en/api/v1/students/${kid.id}`, { token, params: { id: String(kid.id) }, headers: { "user-agent": "vitest-views" } });

describe("view audit rows", () => {
  it("GET /students/{id} writes one 'view student' row with who and from where; refusals write none", async () => {
    expect((await getStudent(p.outsider)).status).toBe(404);
    expect((await getStudent(p.otherTenant)).status).toBe(404);
    expect((await getStudent(p.teacher)).status).toBe(403);
    expect(await views()).toHaveLength(0);
    const res = await getStudent(p.admin);
    expect(res.status).toBe(200);
    const [row, ...rest] = await views();
    expect(rest).toHaveLength(0);
    expect(row).toMatchObject({
      tenantId: t,
      userId: adminId,
      entityType: "student",
      entityId: kid.id,
      userAgent: "vitest-views",
      requestId: expect.any(String),
    });
    // Ids and page names only, never the child's personal fields.
    expect(JSON.stringify(row.details)).not.toContain("Student");
  });

  it("GET /students/ssid/{stateId} is a view too, marked as a state id lookup", async () => {
    const res = await call(ssidGet, "GET", `/en/api/v1/students/ssid/${kid.tenantUniqueId}`, { token: p.admin, params: { stateId: kid.tenantUniqueId } });
    expect(res.status).toBe(200);
    expect((await views())[0]).toMatchObject({ entityType: "student", details: { lookup: "stateId" } });
  });

  it("GET /enrollments and enrollments.json write 'view student_enrollment' rows naming the enrollments read", async () => {
    const before = (await views()).length;
    expect((await call(enrollmentsGet, "GET", "/en/api/v1/enrollments", { token: p.outsider, query: { studentId: kid.id } })).status).toBe(404);
    expect((await call(enrollmentsGet, "GET", "/en/api/v1/enrollments", { token: p.admin, query: { studentId: kid.id } })).status).toBe(200);
    const json = await call(enrollmentsJsonGet, "GET", `/en/api/v1/admin/tenants/${t}/students/${kid.id}/enrollments.json`, {
      token: p.admin,
      params: { tenantId: String(t), studentId: String(kid.id) },
    });
    expect(json.status).toBe(200);
    const rows = await views();
    expect(rows.length).toBe(before + 2);
    expect(rows[0]).toMatchObject({ entityType: "student_enrollment", details: { enrollmentIds: [enrollmentId] } });
  });

  it("the audit trail lists the views of the student to its admin", async () => {
    expect((await getStudent(p.admin)).status).toBe(200);
    expect((await call(enrollmentsGet, "GET", "/en/api/v1/enrollments", { token: p.admin, query: { studentId: kid.id } })).status).toBe(200);
    const res = await call(auditGet, "GET", "/en/api/v1/audit-log", { token: p.admin, query: { entityType: "student", entityId: kid.id } });
    expect(res.status).toBe(200);
    const actions = res.body.entries.map((e: { action: string; entityType: string }) => `${e.action} ${e.entityType}`);
    expect(actions).toEqual(expect.arrayContaining(["view student", "view student_enrollment"]));
    expect(res.body.entries[0].subject).toContain(kid.tenantUniqueId);
  });
});
