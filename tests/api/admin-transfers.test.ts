import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, rows } from "@/db/client";
import { auditLog, enrollmentAssociations, notifications, scores, studentEnrollments, studentResults, students, transfers } from "@/db/schema";
import { POST as createPost } from "@/app/en/api/v1/transfers/route";
import { PUT as decidePut } from "@/app/en/api/v1/transfers/[id]/route";
import { GET as incomingGet } from "@/app/en/api/v1/transfers/incoming/route";
import { GET as outgoingGet } from "@/app/en/api/v1/transfers/outgoing/route";
import { GET as historyGet } from "@/app/en/api/v1/transfers/history/route";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeTenant, makeUser } from "../support/factories";
import { makeLocation, makeOrgTree, score } from "../support/school-fixtures";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";

/**
 * The scoring world's school (district D1, location L1, a teacher's class with grades) sends children
 * to L2 in district D2. The sending admin administers D1, the receiving admin D2, an outsider a third
 * district; another tenant's admin and the teacher try too.
 */
let fx: ScoringAssessment;
let w: ScoringWorld;
let L2: { id: number; districtId: number; name: string };
let D2: { id: number };
const people = {} as Record<"sender" | "receiver" | "outsider" | "otherTenant" | "tenantAdmin", string> & { senderId: number; receiverId: number };
let otherTenantTransfer: number;

beforeAll(async () => {
  fx = await makeScoringAssessment(3);
  w = await makeScoringWorld(fx, 4);
  const t = w.tenant.id;
  D2 = await makeDistrict(t, w.tree.region.id);
  L2 = await makeLocation(t, D2.id);
  const d3 = await makeDistrict(t, w.tree.region.id);
  const sender = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: w.tree.district.id, administrative: true }] });
  const receiver = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: D2.id, administrative: true }] });
  const outsider = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d3.id, administrative: true }] });
  Object.assign(people, {
    sender: await tokenFor(sender),
    receiver: await tokenFor(receiver),
    outsider: await tokenFor(outsider),
    tenantAdmin: w.adminToken,
    senderId: sender.id,
    receiverId: receiver.id,
  });
  // Another tenant with an open transfer of its own.
  const other = await makeTenant();
  const tree = await makeOrgTree(other.id);
  const away = await makeLocation(other.id, tree.district.id);
  const [s] = await db().insert(students).values({ tenantId: other.id, tenantUniqueId: "X1", firstName: "O", lastName: "T" }).returning();
  const [e] = await db().insert(studentEnrollments).values({ tenantId: other.id, studentId: s.id, regionId: tree.region.id, districtId: tree.district.id, locationId: tree.location.id }).returning();
  const [tr] = await db().insert(transfers).values({ tenantId: other.id, studentId: s.id, studentEnrollmentId: e.id, originLocationId: tree.location.id, destinationLocationId: away.id }).returning();
  otherTenantTransfer = tr.id;
  people.otherTenant = await tokenFor(await makeUser(other.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] }));
});

const request = (token: string, body: Record<string, unknown>) => call(createPost, "POST", "/en/api/v1/transfers", { token, body, headers: { "user-agent": "vitest" } });
const decide = (token: string, id: number, isApproved: unknown) => call(decidePut, "PUT", `/en/api/v1/transfers/${id}`, { token, params: { id: String(id) }, body: { isApproved } });
const lists = { incoming: incomingGet, outgoing: outgoingGet, history: historyGet };
const list = (token: string, which: keyof typeof lists, query: Record<string, number> = {}) => call(lists[which], "GET", `/en/api/v1/transfers/${which}`, { token, query });
const kid = (i: number) => w.kids[i];
const ask = (i: number, token = people.sender, locationId = L2.id) => request(token, { studentId: kid(i).student.id, enrollmentId: kid(i).enrollment.id, locationId });

/** The kept completion counts of the open collection at a location beside the same figures counted from the rows. */
async function progress(locationId: number) {
  const [row] = await rows<{ kept_students: number | null; kept_scored: string | null; students: string; scored: string }>(
    db(),
    sql`select (select students from collection_location_progress where data_collection_id = ${w.collection.id} and location_id = ${locationId}) as kept_students,
      (select scored from collection_location_progress where data_collection_id = ${w.collection.id} and location_id = ${locationId}) as kept_scored,
      (select count(*) from student_data_collection_assignments a join student_enrollments e on e.id = a.student_enrollment_id and e.active
        where a.data_collection_id = ${w.collection.id} and e.location_id = ${locationId}) as students,
      (select count(*) from scores s join student_enrollments e on e.id = s.student_enrollment_id and e.active
        where s.data_collection_id = ${w.collection.id} and e.location_id = ${locationId}) as scored`,
  );
  expect({ students: row.kept_students ?? 0, scored: Number(row.kept_scored ?? 0) }).toEqual({ students: Number(row.students), scored: Number(row.scored) });
  return { students: Number(row.students), scored: Number(row.scored) };
}

const auditOf = (entityType: string, entityId: number) =>
  db().select().from(auditLog).where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId))).orderBy(desc(auditLog.id));

describe("POST /transfers (the sending side requests)", () => {
  it("refuses bad input with 400 and field errors", async () => {
    const res = await request(people.sender, { studentId: "x", enrollmentId: kid(0).enrollment.id });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["locationId", "studentId"]);
    const same = await ask(0, people.sender, w.tree.location.id);
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([{ field: "locationId", message: "The student is already enrolled at this location" }]);
  });

  it("is 404 for an enrollment outside the requester's reach, another tenant's or a mismatched student, and for an unknown location", async () => {
    expect((await ask(0, people.receiver)).status).toBe(404);
    expect((await ask(0, people.outsider)).status).toBe(404);
    expect((await ask(0, people.otherTenant)).status).toBe(404);
    expect((await request(people.sender, { studentId: kid(1).student.id, enrollmentId: kid(0).enrollment.id, locationId: L2.id })).status).toBe(404);
    expect((await ask(0, people.sender, 2_000_000)).status).toBe(404);
  });

  it("is 403 for a teacher", async () => {
    expect((await ask(0, w.teacherToken)).status).toBe(403);
  });

  it("requests with 'Student Transfer Requested', audits it, and refuses a second open request (409)", async () => {
    const res = await ask(0);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Student Transfer Requested");
    expect(res.body.transfer).toMatchObject({
      studentId: kid(0).student.id,
      status: "pending",
      isApproved: null,
      origin: { locationId: w.tree.location.id, districtId: w.tree.district.id },
      destination: { locationId: L2.id, districtId: D2.id },
      canDecide: false,
    });
    const [audit] = await auditOf("transfer", res.body.transfer.id);
    expect(audit).toMatchObject({ action: "create", studentId: kid(0).student.id, userAgent: "vitest", details: { before: { locationId: w.tree.location.id }, after: { locationId: L2.id } } });
    expect((await ask(0)).status).toBe(409);
  });
});

describe("GET /transfers/incoming, /outgoing, /history", () => {
  it("lists an open request as incoming for the receiving side and outgoing for the sending side, paged on the server", async () => {
    await ask(1);
    const incoming = await list(people.receiver, "incoming", { pageSize: 1 });
    expect(incoming.status).toBe(200);
    expect(incoming.body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(incoming.body.transfers).toHaveLength(1);
    expect(incoming.body.transfers[0]).toMatchObject({ studentId: kid(1).student.id, canDecide: true, studentOriginDistrictUniqueId: null });
    const second = await list(people.receiver, "incoming", { pageSize: 1, page: 2 });
    expect(second.body.transfers[0].studentId).toBe(kid(0).student.id);
    expect((await list(people.sender, "outgoing")).body.total).toBe(2);
    expect((await list(people.sender, "incoming")).body.total).toBe(0);
    expect((await list(people.receiver, "outgoing")).body.total).toBe(0);
    expect((await list(people.outsider, "incoming")).body.total).toBe(0);
    expect((await list(people.outsider, "history")).body.total).toBe(0);
    expect((await list(people.tenantAdmin, "incoming")).body.total).toBe(2);
    expect((await list(people.otherTenant, "incoming")).body.transfers.map((t: { id: number }) => t.id)).toEqual([otherTenantTransfer]);
    expect((await list(people.sender, "incoming", { pageSize: 500 })).status).toBe(400);
    expect((await list(w.teacherToken, "incoming")).status).toBe(403);
  });
});

describe("PUT /transfers/{id} (the receiving side decides)", () => {
  const openOf = async (i: number) => {
    const [row] = await db().select().from(transfers).where(and(eq(transfers.studentEnrollmentId, kid(i).enrollment.id), eq(transfers.status, "pending")));
    return row.id;
  };

  it("is 403 for the sending side and a teacher, 404 for an outsider and another tenant, 400 for a bad body", async () => {
    const id = await openOf(0);
    expect((await decide(people.sender, id, true)).status).toBe(403);
    expect((await decide(w.teacherToken, id, true)).status).toBe(403);
    expect((await decide(people.outsider, id, true)).status).toBe(404);
    expect((await decide(people.otherTenant, id, true)).status).toBe(404);
    expect((await decide(people.receiver, otherTenantTransfer, true)).status).toBe(404);
    expect((await decide(people.receiver, id, "yes")).status).toBe(400);
    const [row] = await db().select().from(transfers).where(eq(transfers.id, id));
    expect(row.status).toBe("pending");
  });

  it("approves: the enrollment moves with its scores and results, the counts follow, the teacher loses the child, the requester is told", async () => {
    const id = await openOf(0);
    const eid = kid(0).enrollment.id;
    await score(w.tenant.id, w.collection.id, eid, fx.items.slice(0, 2).map((i) => i.id), fx.entries.C.id);
    await score(w.tenant.id, w.collection.id, kid(3).enrollment.id, [fx.items[0].id], fx.entries.A.id);
    const before = { from: await progress(w.tree.location.id), to: await progress(L2.id) };
    const [result] = await db().select().from(studentResults).where(and(eq(studentResults.studentEnrollmentId, eid), eq(studentResults.dataCollectionId, w.collection.id)));
    expect(result.scoredItems).toBe(2);

    const res = await decide(people.receiver, id, true);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Transfer Request Approved");
    expect(res.body.transfer).toMatchObject({ status: "approved", isApproved: true, decidedBy: expect.any(String), canDecide: false });

    const [enrollment] = await db().select().from(studentEnrollments).where(eq(studentEnrollments.id, eid));
    expect(enrollment).toMatchObject({ locationId: L2.id, districtId: D2.id, regionId: w.tree.region.id, active: true, isPointOfAuthority: true });
    const [student] = await db().select().from(students).where(eq(students.id, kid(0).student.id));
    expect(student.parentLocationId).toBe(L2.id);
    expect(await db().select().from(scores).where(eq(scores.studentEnrollmentId, eid))).toHaveLength(2);
    const [after] = await db().select().from(studentResults).where(and(eq(studentResults.studentEnrollmentId, eid), eq(studentResults.dataCollectionId, w.collection.id)));
    expect(after).toMatchObject({ scoredItems: 2, progress: result.progress, overallScore: result.overallScore });
    expect(await progress(w.tree.location.id)).toEqual({ students: before.from.students - 1, scored: before.from.scored - 2 });
    expect(await progress(L2.id)).toEqual({ students: before.to.students + 1, scored: before.to.scored + 2 });
    expect(await db().select().from(enrollmentAssociations).where(eq(enrollmentAssociations.studentEnrollmentId, eid))).toHaveLength(0);

    const [note] = await db().select().from(notifications).where(eq(notifications.userId, people.senderId)).orderBy(desc(notifications.id));
    expect(note).toMatchObject({ type: "transfer", acknowledged: 0, metadata: { transferId: id, isApproved: true } });
    expect(note.message).toBe(`Transfer Request Approved: student ${kid(0).student.tenantUniqueId} to ${L2.name}`);
    expect((await auditOf("transfer", id))[0]).toMatchObject({ action: "approve", details: { before: { status: "pending" }, after: { status: "approved" } } });
    expect((await auditOf("student_enrollment", eid))[0]).toMatchObject({
      action: "transfer",
      details: { transferId: id, before: { locationId: w.tree.location.id }, after: { locationId: L2.id }, rosterEntriesEnded: [w.teacher.id] },
    });
    expect((await auditOf("student", kid(0).student.id))[0]).toMatchObject({ action: "transfer", details: { after: { parentLocationId: L2.id } } });

    // Decided: out of the open lists, into both sides' history; a second decision is a 409.
    expect((await list(people.receiver, "incoming")).body.transfers.map((t: { id: number }) => t.id)).not.toContain(id);
    expect((await list(people.sender, "history")).body.transfers.map((t: { id: number }) => t.id)).toContain(id);
    expect((await list(people.receiver, "history")).body.transfers.map((t: { id: number }) => t.id)).toContain(id);
    expect((await decide(people.receiver, id, false)).status).toBe(409);
  });

  it("declines: nothing moves, the requester is told 'Transfer Request Declined'", async () => {
    const id = await openOf(1);
    const res = await decide(people.receiver, id, false);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Transfer Request Declined");
    const [enrollment] = await db().select().from(studentEnrollments).where(eq(studentEnrollments.id, kid(1).enrollment.id));
    expect(enrollment.locationId).toBe(w.tree.location.id);
    expect(await db().select().from(enrollmentAssociations).where(eq(enrollmentAssociations.studentEnrollmentId, kid(1).enrollment.id))).toHaveLength(1);
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, people.senderId)).orderBy(desc(notifications.id));
    expect(note.message).toMatch(/^Transfer Request Declined/);
    expect((await auditOf("transfer", id))[0]).toMatchObject({ action: "decline", details: { after: { status: "declined" } } });
    // A declined request leaves room for a new one.
    expect((await ask(1)).status).toBe(200);
  });

  it("rolls everything back when a step fails (the notification insert refused): nothing moves, nothing is audited", async () => {
    const res0 = await ask(2);
    const id = res0.body.transfer.id;
    const auditCount = async () => (await db().select().from(auditLog)).length;
    const auditsBefore = await auditCount();
    await db().execute(sql`create function refuse_note() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await db().execute(sql`create trigger refuse_note before insert on notifications for each row execute function refuse_note()`);
    try {
      const res = await decide(people.receiver, id, true);
      expect(res.status).toBe(500);
    } finally {
      await db().execute(sql`drop trigger refuse_note on notifications`);
      await db().execute(sql`drop function refuse_note()`);
    }
    const [row] = await db().select().from(transfers).where(eq(transfers.id, id));
    expect(row.status).toBe("pending");
    const [enrollment] = await db().select().from(studentEnrollments).where(eq(studentEnrollments.id, kid(2).enrollment.id));
    expect(enrollment.locationId).toBe(w.tree.location.id);
    expect(await db().select().from(enrollmentAssociations).where(eq(enrollmentAssociations.studentEnrollmentId, kid(2).enrollment.id))).toHaveLength(1);
    expect(await auditCount()).toBe(auditsBefore);
    // The same request then goes through.
    expect((await decide(people.receiver, id, true)).status).toBe(200);
  });

  it("lets a tenant admin decide any transfer of the tenant", async () => {
    const id = (await ask(3)).body.transfer.id;
    expect((await decide(people.tenantAdmin, id, false)).body.message).toBe("Transfer Request Declined");
  });
});
