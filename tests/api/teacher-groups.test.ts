import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as adminGroupsGet } from "@/app/en/api/v1/admin/collections/[id]/groups.json/route";
import { DELETE, GET, POST, PUT } from "@/app/en/api/v1/data-collections/[id]/groups/route";
import { db } from "@/db/client";
import { auditLog, groupMembers, groups } from "@/db/schema";
import { call, tokenFor } from "../support/api";
import { makeUser } from "../support/factories";
import { assign, makeEnrollment } from "../support/school-fixtures";
import { makeScoringAssessment, makeScoringWorld, type ScoringWorld } from "../support/scoring-world";

let a: ScoringWorld;
let b: ScoringWorld;
let farKid: number;
let tokens: { location: string; district: string; far: string };

// Each test its own two tenants: the groups it lists and counts are the ones it made.
beforeEach(async () => {
  const assessment = await makeScoringAssessment(2);
  a = await makeScoringWorld(assessment);
  b = await makeScoringWorld(assessment);
  // One of A's teacher's students enrolled at the other school of the district.
  const far = await makeEnrollment(a.tenant.id, { ...a.org, locationId: a.elsewhere.id }, { teacherId: a.teacher.id });
  farKid = far.enrollment.id;
  await assign(a.tenant.id, a.collection.id, [farKid]);
  const admin = (orgType: "location" | "district", id: number) =>
    makeUser(a.tenant.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType, id, administrative: true }] });
  tokens = {
    location: await tokenFor(await admin("location", a.tree.location.id)),
    district: await tokenFor(await admin("district", a.tree.district.id)),
    far: await tokenFor(await admin("location", a.elsewhere.id)),
  };
});

const path = (id: number) => `/en/api/v1/data-collections/${id}/groups`;
const send = (handler: typeof GET, method: string, token: string, id: number, options: { body?: unknown; query?: Record<string, string | number> } = {}) =>
  call(handler, method, path(id), { token, params: { id: String(id) }, ...options });
const create = (w: ScoringWorld, body: unknown, token = w.teacherToken, id = w.collection.id) => send(POST, "POST", token, id, { body });
const groupCount = async (tenantId: number) => (await db().select().from(groups).where(eq(groups.tenantId, tenantId))).length;
const auditRows = (tenantId: number, entityId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.entityType, "group"), eq(auditLog.entityId, entityId)));
const kidIds = (w: ScoringWorld) => w.kids.map((k) => k.enrollment.id);

describe("POST /data-collections/{id}/groups", () => {
  it("creates a group of the teacher's students with a message, and writes an audit row", async () => {
    const [k1, k2] = kidIds(a);
    const res = await create(a, { label: " Readers ", color: "#1976d2", enrollmentIds: [k2, k1, k2] });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Group successfully created");
    expect(res.body.group).toEqual({ id: expect.any(Number), label: "Readers", color: "#1976d2", enrollmentIds: [k1, k2].sort((x, y) => x - y) });
    const audit = await auditRows(a.tenant.id, res.body.group.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "create", userId: a.teacher.id });
    expect(audit[0].details).toMatchObject({ dataCollectionId: a.collection.id, fields: ["label", "color", "enrollmentIds"] });
  });

  it("refuses a missing label or a colour that is not hex with a clear 400, creating nothing", async () => {
    const before = await groupCount(a.tenant.id);
    const noLabel = await create(a, { label: "  ", color: "#fff", enrollmentIds: [] });
    expect(noLabel.status).toBe(400);
    expect(noLabel.body.message).toBe("Label is required");
    const missing = await create(a, { color: "#fff", enrollmentIds: [] });
    expect(missing.body.message).toBe("Label is required");
    const badColor = await create(a, { label: "X", color: "blue", enrollmentIds: [] });
    expect(badColor.status).toBe(400);
    expect(badColor.body.message).toBe("Color must be a hex colour such as #1976d2");
    const tooLong = await create(a, { label: "x".repeat(101), color: "#fff", enrollmentIds: [] });
    expect(tooLong.status).toBe(400);
    expect(await groupCount(a.tenant.id)).toBe(before);
  });

  it("answers 404 for another teacher's, an unassigned or another tenant's student, and another tenant's collection, creating nothing", async () => {
    const before = await groupCount(a.tenant.id);
    for (const id of [a.otherKid.enrollment.id, a.unassignedKid.enrollment.id, b.kids[0].enrollment.id]) {
      const res = await create(a, { label: "X", color: "#123456", enrollmentIds: [kidIds(a)[0], id] });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Student not found");
    }
    const foreign = await create(a, { label: "X", color: "#123456", enrollmentIds: [] }, a.teacherToken, b.collection.id);
    expect(foreign.status).toBe(404);
    expect(await groupCount(a.tenant.id)).toBe(before);
    expect(await groupCount(b.tenant.id)).toBe(0);
  });

  it("refuses an admin token with 403", async () => {
    const res = await create(a, { label: "X", color: "#123456", enrollmentIds: [] }, a.adminToken);
    expect(res.status).toBe(403);
  });
});

describe("GET /data-collections/{id}/groups", () => {
  it("lists only the teacher's own groups, with member ids", async () => {
    const mine = await create(a, { label: "Mine", color: "#00ff00", enrollmentIds: [kidIds(a)[2]] });
    const theirs = await create(a, { label: "Theirs", color: "#ff0000", enrollmentIds: [a.otherKid.enrollment.id] }, a.otherTeacherToken);
    expect(theirs.status).toBe(201);
    const res = await send(GET, "GET", a.teacherToken, a.collection.id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["groups"]);
    expect(res.body.groups).toContainEqual(mine.body.group);
    expect(res.body.groups.map((g: { id: number }) => g.id)).not.toContain(theirs.body.group.id);
    const other = await send(GET, "GET", a.otherTeacherToken, a.collection.id);
    expect(other.body.groups).toEqual([theirs.body.group]);
  });

  it("answers 404 for another tenant's collection and 403 for an admin", async () => {
    expect((await send(GET, "GET", a.teacherToken, b.collection.id)).status).toBe(404);
    expect((await send(GET, "GET", a.adminToken, a.collection.id)).status).toBe(403);
  });
});

describe("PUT and DELETE /data-collections/{id}/groups", () => {
  it("updates label, colour and members (replaced) and audits it", async () => {
    const [k1, k2, k3] = kidIds(a);
    const made = await create(a, { label: "Before", color: "#111111", enrollmentIds: [k1, k2] });
    const id = made.body.group.id;
    const res = await send(PUT, "PUT", a.teacherToken, a.collection.id, { body: { id, label: "After", color: "#222", enrollmentIds: [k3] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ group: { id, label: "After", color: "#222", enrollmentIds: [k3] }, message: "Group successfully updated" });
    const members = await db().select().from(groupMembers).where(eq(groupMembers.groupId, id));
    expect(members.map((m) => m.studentEnrollmentId)).toEqual([k3]);
    expect((await auditRows(a.tenant.id, id)).map((r) => r.action).sort()).toEqual(["create", "update"]);
  });

  it("answers 404 for another teacher's or another tenant's group and for a student not theirs, changing nothing", async () => {
    const theirs = await create(a, { label: "Theirs", color: "#ff0000", enrollmentIds: [] }, a.otherTeacherToken);
    const foreign = await create(b, { label: "B", color: "#ff0000", enrollmentIds: [] });
    const mine = await create(a, { label: "Mine", color: "#abcdef", enrollmentIds: [kidIds(a)[0]] });
    for (const id of [theirs.body.group.id, foreign.body.group.id]) {
      const put = await send(PUT, "PUT", a.teacherToken, a.collection.id, { body: { id, label: "Hijack", color: "#000", enrollmentIds: [] } });
      expect(put.status).toBe(404);
      const del = await send(DELETE, "DELETE", a.teacherToken, a.collection.id, { query: { id } });
      expect(del.status).toBe(404);
    }
    const badMember = await send(PUT, "PUT", a.teacherToken, a.collection.id, {
      body: { id: mine.body.group.id, label: "Changed", color: "#000", enrollmentIds: [a.otherKid.enrollment.id] },
    });
    expect(badMember.status).toBe(404);
    const [still] = await db().select().from(groups).where(eq(groups.id, mine.body.group.id));
    expect(still.label).toBe("Mine");
    expect((await db().select().from(groups).where(eq(groups.id, theirs.body.group.id)))[0].label).toBe("Theirs");
    expect((await db().select().from(groups).where(eq(groups.id, foreign.body.group.id)))[0].label).toBe("B");
    expect((await db().select().from(groupMembers).where(eq(groupMembers.groupId, mine.body.group.id))).map((m) => m.studentEnrollmentId)).toEqual([
      kidIds(a)[0],
    ]);
  });

  it("deletes the teacher's group with its members, audits it, and refuses a missing id", async () => {
    const made = await create(a, { label: "Gone", color: "#333333", enrollmentIds: [kidIds(a)[0]] });
    const id = made.body.group.id;
    const missing = await send(DELETE, "DELETE", a.teacherToken, a.collection.id);
    expect(missing.status).toBe(400);
    const res = await send(DELETE, "DELETE", a.teacherToken, a.collection.id, { query: { id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Group successfully deleted" });
    expect(await db().select().from(groups).where(eq(groups.id, id))).toEqual([]);
    expect(await db().select().from(groupMembers).where(eq(groupMembers.groupId, id))).toEqual([]);
    expect((await auditRows(a.tenant.id, id)).map((r) => r.action).sort()).toEqual(["create", "delete"]);
    expect((await send(DELETE, "DELETE", a.teacherToken, a.collection.id, { query: { id } })).status).toBe(404);
  });
});

describe("GET /admin/collections/{id}/groups.json", () => {
  const adminGet = (token: string, id: number) =>
    call(adminGroupsGet, "GET", `/en/api/v1/admin/collections/${id}/groups.json`, { token, params: { id: String(id) } });
  let groupId: number;

  beforeEach(async () => {
    const made = await create(a, { label: "Mixed", color: "#445566", enrollmentIds: [kidIds(a)[0], farKid] });
    groupId = made.body.group.id;
  });

  it("shows a tenant admin every teacher's groups with all members", async () => {
    expect((await create(a, { label: "Theirs", color: "#ff0000", enrollmentIds: [] }, a.otherTeacherToken)).status).toBe(201);
    const res = await adminGet(a.adminToken, a.collection.id);
    expect(res.status).toBe(200);
    const mixed = res.body.groups.find((g: { id: number }) => g.id === groupId);
    expect(mixed.enrollmentIds).toEqual([kidIds(a)[0], farKid].sort((x, y) => x - y));
    expect(res.body.groups.some((g: { label: string }) => g.label === "Theirs")).toBe(true);
  });

  it("shows a location admin only the members enrolled in their scope; a district admin all of them", async () => {
    const atLocation = await adminGet(tokens.location, a.collection.id);
    expect(atLocation.status).toBe(200);
    expect(atLocation.body.groups.find((g: { id: number }) => g.id === groupId).enrollmentIds).toEqual([kidIds(a)[0]]);
    const atDistrict = await adminGet(tokens.district, a.collection.id);
    expect(atDistrict.body.groups.find((g: { id: number }) => g.id === groupId).enrollmentIds).toEqual([kidIds(a)[0], farKid].sort((x, y) => x - y));
  });

  it("answers 404 to an admin whose scope does not reach the collection, or of another tenant; 403 to a teacher", async () => {
    expect((await adminGet(tokens.far, a.collection.id)).status).toBe(404);
    expect((await adminGet(b.adminToken, a.collection.id)).status).toBe(404);
    expect((await adminGet(a.teacherToken, a.collection.id)).status).toBe(403);
  });
});
