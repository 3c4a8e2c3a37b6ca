import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, rows } from "@/db/client";
import {
  auditLog,
  enrollmentAssociations,
  notifications,
  scoreArtifacts,
  scoreHistory,
  scores,
  studentEnrollments,
  studentResults,
  students,
  transfers,
} from "@/db/schema";
import { POST as createPost } from "@/app/en/api/v1/transfers/route";
import { DELETE as withdrawDelete, PUT as decidePut } from "@/app/en/api/v1/transfers/[id]/route";
import { GET as incomingGet } from "@/app/en/api/v1/transfers/incoming/route";
import { GET as outgoingGet } from "@/app/en/api/v1/transfers/outgoing/route";
import { GET as historyGet } from "@/app/en/api/v1/transfers/history/route";
import { POST as mergePost } from "@/app/en/api/v1/students/merge/route";
import { GET as auditGet } from "@/app/en/api/v1/audit-log/route";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeTenant, makeUser } from "../support/factories";
import { assign, makeEnrollment, makeLocation, makeOrgTree, score } from "../support/school-fixtures";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";

/**
 * The scoring world's school (district D1, location L1, a teacher's class with grades) sends children
 * to L2 in district D2. The sending admin administers D1, the receiving admin D2, an outsider a third
 * district; another tenant's admin and the teacher try too. Each test gets its own world and makes
 * the requests it decides, withdraws or reads.
 */
let fx: ScoringAssessment;
let w: ScoringWorld;
let L2: { id: number; districtId: number; name: string };
let D2: { id: number };
const people = {} as Record<"sender" | "receiver" | "outsider" | "otherTenant" | "tenantAdmin", string> & { senderId: number; receiverId: number };
let otherTenantTransfer: number;

beforeAll(async () => {
  fx = await makeScoringAssessment(3);
});

beforeEach(async () => {
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
  const [e] = await db()
    .insert(studentEnrollments)
    .values({ tenantId: other.id, studentId: s.id, regionId: tree.region.id, districtId: tree.district.id, locationId: tree.location.id })
    .returning();
  const [tr] = await db()
    .insert(transfers)
    .values({ tenantId: other.id, studentId: s.id, studentEnrollmentId: e.id, originLocationId: tree.location.id, destinationLocationId: away.id })
    .returning();
  otherTenantTransfer = tr.id;
  people.otherTenant = await tokenFor(await makeUser(other.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] }));
});

const request = (token: string, body: Record<string, unknown>) =>
  call(createPost, "POST", "/en/api/v1/transfers", { token, body, headers: { "user-agent": "vitest" } });
const decide = (token: string, id: number, isApproved: unknown) =>
  call(decidePut, "PUT", `/en/api/v1/transfers/${id}`, { token, params: { id: String(id) }, body: { isApproved } });
const lists = { incoming: incomingGet, outgoing: outgoingGet, history: historyGet };
const list = (token: string, which: keyof typeof lists, query: Record<string, number> = {}) =>
  call(lists[which], "GET", `/en/api/v1/transfers/${which}`, { token, query });
const kid = (i: number) => w.kids[i];
const ask = (i: number, token = people.sender, locationId = L2.id) =>
  request(token, { studentId: kid(i).student.id, enrollmentId: kid(i).enrollment.id, locationId });
/** A child's open request to L2, as a test's starting point. */
const asked = async (i: number) => {
  const res = await ask(i);
  expect(res.status).toBe(200);
  return res.body.transfer.id as number;
};

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
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));

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
    expect(audit).toMatchObject({
      action: "create",
      studentId: kid(0).student.id,
      userAgent: "vitest",
      details: { before: { locationId: w.tree.location.id }, after: { locationId: L2.id } },
    });
    expect((await ask(0)).status).toBe(409);
  });
});

describe("GET /transfers/incoming, /outgoing, /history", () => {
  it("lists an open request as incoming for the receiving side and outgoing for the sending side, paged on the server", async () => {
    await asked(0);
    await asked(1);
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
    const [row] = await db()
      .select()
      .from(transfers)
      .where(and(eq(transfers.studentEnrollmentId, kid(i).enrollment.id), eq(transfers.status, "pending")));
    return row.id;
  };

  it("is 403 for the sending side and a teacher, 404 for an outsider and another tenant, 400 for a bad body", async () => {
    await asked(0);
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
    await asked(0);
    const id = await openOf(0);
    const eid = kid(0).enrollment.id;
    await score(
      w.tenant.id,
      w.collection.id,
      eid,
      fx.items.slice(0, 2).map((i) => i.id),
      fx.entries.C.id,
    );
    await score(w.tenant.id, w.collection.id, kid(3).enrollment.id, [fx.items[0].id], fx.entries.A.id);
    const before = { from: await progress(w.tree.location.id), to: await progress(L2.id) };
    const [result] = await db()
      .select()
      .from(studentResults)
      .where(and(eq(studentResults.studentEnrollmentId, eid), eq(studentResults.dataCollectionId, w.collection.id)));
    expect(result.scoredItems).toBe(2);

    const res = await decide(people.receiver, id, true);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Transfer Request Approved");
    expect(res.body.transfer).toMatchObject({ status: "approved", isApproved: true, decidedBy: expect.any(String), canDecide: false });

    const [enrollment] = await db().select().from(studentEnrollments).where(eq(studentEnrollments.id, eid));
    expect(enrollment).toMatchObject({ locationId: L2.id, districtId: D2.id, regionId: w.tree.region.id, active: true, isPointOfAuthority: true });
    const [student] = await db()
      .select()
      .from(students)
      .where(eq(students.id, kid(0).student.id));
    expect(student.parentLocationId).toBe(L2.id);
    expect(await db().select().from(scores).where(eq(scores.studentEnrollmentId, eid))).toHaveLength(2);
    const [after] = await db()
      .select()
      .from(studentResults)
      .where(and(eq(studentResults.studentEnrollmentId, eid), eq(studentResults.dataCollectionId, w.collection.id)));
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
    await asked(1);
    const id = await openOf(1);
    const res = await decide(people.receiver, id, false);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Transfer Request Declined");
    const [enrollment] = await db()
      .select()
      .from(studentEnrollments)
      .where(eq(studentEnrollments.id, kid(1).enrollment.id));
    expect(enrollment.locationId).toBe(w.tree.location.id);
    expect(
      await db()
        .select()
        .from(enrollmentAssociations)
        .where(eq(enrollmentAssociations.studentEnrollmentId, kid(1).enrollment.id)),
    ).toHaveLength(1);
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
    const [enrollment] = await db()
      .select()
      .from(studentEnrollments)
      .where(eq(studentEnrollments.id, kid(2).enrollment.id));
    expect(enrollment.locationId).toBe(w.tree.location.id);
    expect(
      await db()
        .select()
        .from(enrollmentAssociations)
        .where(eq(enrollmentAssociations.studentEnrollmentId, kid(2).enrollment.id)),
    ).toHaveLength(1);
    expect(await auditCount()).toBe(auditsBefore);
    // The same request then goes through.
    expect((await decide(people.receiver, id, true)).status).toBe(200);
  });

  it("lets a tenant admin decide any transfer of the tenant", async () => {
    const id = (await ask(3)).body.transfer.id;
    expect((await decide(people.tenantAdmin, id, false)).body.message).toBe("Transfer Request Declined");
  });
});

describe("DELETE /transfers/{id} (the sending side withdraws)", () => {
  const withdraw = (token: string, id: number) => call(withdrawDelete, "DELETE", `/en/api/v1/transfers/${id}`, { token, params: { id: String(id) } });

  it("withdraws a waiting request: marked deleted, in both histories as withdrawn, audited, and a new request may follow", async () => {
    await asked(1);
    const [open] = await db()
      .select()
      .from(transfers)
      .where(and(eq(transfers.studentEnrollmentId, kid(1).enrollment.id), eq(transfers.status, "pending"), eq(transfers.deleted, false)));
    expect((await list(people.sender, "outgoing")).body.transfers.find((t: { id: number }) => t.id === open.id)).toMatchObject({
      canWithdraw: true,
      canDecide: false,
    });
    expect((await list(people.receiver, "incoming")).body.transfers.find((t: { id: number }) => t.id === open.id)).toMatchObject({
      canWithdraw: false,
      canDecide: true,
    });
    // The receiving side, a teacher: 403; an outsider, another tenant: 404; a bad id: 400.
    expect((await withdraw(people.receiver, open.id)).status).toBe(403);
    expect((await withdraw(w.teacherToken, open.id)).status).toBe(403);
    expect((await withdraw(people.outsider, open.id)).status).toBe(404);
    expect((await withdraw(people.otherTenant, open.id)).status).toBe(404);
    expect((await withdraw(people.sender, otherTenantTransfer)).status).toBe(404);
    expect((await call(withdrawDelete, "DELETE", "/en/api/v1/transfers/x", { token: people.sender, params: { id: "x" } })).status).toBe(400);

    const res = await withdraw(people.sender, open.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: "Transfer Request Withdrawn",
      transfer: { id: open.id, status: "pending", deleted: true, canWithdraw: false, canDecide: false },
    });
    const [enrollment] = await db()
      .select()
      .from(studentEnrollments)
      .where(eq(studentEnrollments.id, kid(1).enrollment.id));
    expect(enrollment.locationId).toBe(w.tree.location.id);
    expect((await auditOf("transfer", open.id))[0]).toMatchObject({
      action: "withdraw",
      studentId: kid(1).student.id,
      details: { before: { status: "pending" }, after: { status: "withdrawn" } },
    });
    expect((await list(people.receiver, "incoming")).body.transfers.map((t: { id: number }) => t.id)).not.toContain(open.id);
    expect((await list(people.receiver, "history")).body.transfers.find((t: { id: number }) => t.id === open.id)).toMatchObject({ deleted: true });
    // Withdrawn: neither withdrawn again nor decided (409); a new request may be made.
    expect((await withdraw(people.sender, open.id)).status).toBe(409);
    expect((await decide(people.receiver, open.id, true)).status).toBe(409);
    expect((await ask(1)).status).toBe(200);
  });

  it("rolls back when a step fails (the audit insert refused): the request stays open", async () => {
    await asked(1);
    const [open] = await db()
      .select()
      .from(transfers)
      .where(and(eq(transfers.studentEnrollmentId, kid(1).enrollment.id), eq(transfers.status, "pending"), eq(transfers.deleted, false)));
    await db().execute(sql`create function refuse_withdraw_audit() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await db().execute(sql`create trigger refuse_withdraw_audit before insert on audit_log for each row execute function refuse_withdraw_audit()`);
    try {
      expect((await withdraw(people.sender, open.id)).status).toBe(500);
    } finally {
      await db().execute(sql`drop trigger refuse_withdraw_audit on audit_log`);
      await db().execute(sql`drop function refuse_withdraw_audit()`);
    }
    const [row] = await db().select().from(transfers).where(eq(transfers.id, open.id));
    expect(row.deleted).toBe(false);
    // A tenant admin reaches the sending side of everything and may withdraw it.
    expect((await withdraw(people.tenantAdmin, open.id)).body.message).toBe("Transfer Request Withdrawn");
  });
});

describe("POST /students/merge", () => {
  const merge = (token: string, body: Record<string, unknown>) => call(mergePost, "POST", "/en/api/v1/students/merge", { token, body });
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  const grade = async (enrollmentId: number, item: number, entryId: number, minutesAgo: number) => {
    const [row] = await db()
      .insert(scores)
      .values({
        tenantId: w.tenant.id,
        dataCollectionId: w.collection.id,
        studentEnrollmentId: enrollmentId,
        assessmentItemId: fx.items[item].id,
        scaleEntryId: entryId,
        updatedAt: at(minutesAgo),
      })
      .returning();
    return row;
  };
  let primary: Awaited<ReturnType<typeof makeEnrollment>>;
  let secondary: Awaited<ReturnType<typeof makeEnrollment>>;

  beforeEach(async () => {
    primary = await makeEnrollment(w.tenant.id, w.org, { teacherId: w.teacher.id });
    secondary = await makeEnrollment(w.tenant.id, w.org, { teacherId: w.otherTeacher.id });
    await assign(w.tenant.id, w.collection.id, [primary.enrollment.id, secondary.enrollment.id]);
    for (const s of [primary, secondary]) await db().update(students).set({ parentLocationId: w.tree.location.id }).where(eq(students.id, s.student.id));
    // Item 0: the secondary's grade is newer; item 1: the primary's; item 2: only the secondary graded it.
    await grade(primary.enrollment.id, 0, fx.entries.A.id, 60);
    const newer = await grade(secondary.enrollment.id, 0, fx.entries.C.id, 10);
    await grade(primary.enrollment.id, 1, fx.entries.B.id, 5);
    await grade(secondary.enrollment.id, 1, fx.entries.D.id, 30);
    await grade(secondary.enrollment.id, 2, fx.entries.A.id, 20);
    await db()
      .insert(scoreArtifacts)
      .values({ tenantId: w.tenant.id, scoreId: newer.id, fileName: "k/evidence.jpg", originalFileName: "evidence.jpg", sizeBytes: 10 });
  });

  const body = () => ({ primaryStudentId: primary.student.id, secondaryStudentId: secondary.student.id });

  it("refuses the same student twice (400), a teacher (403), students outside reach or tenant (404)", async () => {
    const same = await merge(people.sender, { primaryStudentId: primary.student.id, secondaryStudentId: primary.student.id });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([{ field: "secondaryStudentId", message: "Choose two different students" }]);
    expect((await merge(w.teacherToken, body())).status).toBe(403);
    expect((await merge(people.receiver, body())).status).toBe(404);
    expect((await merge(people.otherTenant, body())).status).toBe(404);
  });

  it("rolls everything back when a step fails (the audit insert refused)", async () => {
    await db().execute(sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await db().execute(sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`);
    try {
      expect((await merge(people.sender, body())).status).toBe(500);
    } finally {
      await db().execute(sql`drop trigger refuse_audit on audit_log`);
      await db().execute(sql`drop function refuse_audit()`);
    }
    const [s] = await db().select().from(students).where(eq(students.id, secondary.student.id));
    expect(s.mergedIntoStudentId).toBeNull();
    expect(await db().select().from(scores).where(eq(scores.studentEnrollmentId, secondary.enrollment.id))).toHaveLength(3);
  });

  it("moves enrollments and grades to the primary: newer grade kept, the other in the history, evidence kept, the secondary retired", async () => {
    const before = await progress(w.tree.location.id);
    const res = await merge(people.sender, body());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Students merged", ...body(), enrollmentsMoved: 1, scoresMoved: 1, conflicts: 2 });

    const kept = await db()
      .select()
      .from(scores)
      .where(and(eq(scores.studentEnrollmentId, primary.enrollment.id), eq(scores.dataCollectionId, w.collection.id)));
    const byItem = Object.fromEntries(kept.map((s) => [s.assessmentItemId, s.scaleEntryId]));
    expect(byItem).toEqual({ [fx.items[0].id]: fx.entries.C.id, [fx.items[1].id]: fx.entries.B.id, [fx.items[2].id]: fx.entries.A.id });
    const item0 = kept.find((s) => s.assessmentItemId === fx.items[0].id)!;
    expect(await db().select().from(scoreArtifacts).where(eq(scoreArtifacts.scoreId, item0.id))).toHaveLength(1);
    const history = await db()
      .select()
      .from(scoreHistory)
      .where(and(eq(scoreHistory.studentEnrollmentId, primary.enrollment.id), eq(scoreHistory.assessmentItemId, fx.items[1].id)));
    expect(history.map((h) => h.scaleEntryId)).toContain(fx.entries.D.id);
    expect(await db().select().from(scores).where(eq(scores.studentEnrollmentId, secondary.enrollment.id))).toHaveLength(0);

    const [retired] = await db().select().from(students).where(eq(students.id, secondary.student.id));
    expect(retired.mergedIntoStudentId).toBe(primary.student.id);
    const [moved] = await db().select().from(studentEnrollments).where(eq(studentEnrollments.id, secondary.enrollment.id));
    expect(moved).toMatchObject({ studentId: primary.student.id, isPointOfAuthority: false });
    const [result] = await db()
      .select()
      .from(studentResults)
      .where(and(eq(studentResults.studentEnrollmentId, primary.enrollment.id), eq(studentResults.dataCollectionId, w.collection.id)));
    expect(result.scoredItems).toBe(3);
    // One child fewer assigned at the school; the grade moved over counts once.
    expect(await progress(w.tree.location.id)).toEqual({ students: before.students - 1, scored: before.scored - 2 });

    const trail = await db().select().from(auditLog).where(eq(auditLog.studentId, primary.student.id)).orderBy(auditLog.id);
    expect(trail.map((a) => `${a.action} ${a.entityType}`)).toEqual(["merge student", "merge score", "merge score", "update student_enrollment"]);
    expect((await auditOf("student", secondary.student.id))[0]).toMatchObject({
      action: "retire",
      details: { after: { mergedIntoStudentId: primary.student.id } },
    });
    // Retired: it cannot be merged again.
    expect((await merge(people.sender, body())).status).toBe(404);
  });
});

describe("GET /audit-log", () => {
  const trail = (token: string, query: Record<string, string | number> = {}) => call(auditGet, "GET", "/en/api/v1/audit-log", { token, query });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  it("shows a student's trail with before and after to admins who reach the student now, and to nobody else", async () => {
    // One child moved to L2, another declined and still at its school.
    expect((await decide(people.receiver, await asked(0), true)).status).toBe(200);
    expect((await decide(people.receiver, await asked(1), false)).status).toBe(200);
    const moved = { entityType: "student", entityId: kid(0).student.id };
    const res = await trail(people.receiver, moved);
    expect(res.status).toBe(200);
    const actions = res.body.entries.map((e: { action: string; entityType: string }) => `${e.action} ${e.entityType}`);
    expect(actions).toEqual(expect.arrayContaining(["create transfer", "approve transfer", "transfer student_enrollment", "transfer student"]));
    const move = res.body.entries.find((e: { entityType: string }) => e.entityType === "student_enrollment");
    expect(move).toMatchObject({
      before: { locationId: w.tree.location.id },
      after: { locationId: L2.id },
      subject: expect.stringContaining(kid(0).student.tenantUniqueId),
      userName: expect.any(String),
    });
    // Organisations are named, not only numbered.
    expect(move.organizationNames).toMatchObject({
      [`location:${w.tree.location.id}`]: w.tree.location.name,
      [`location:${L2.id}`]: L2.name,
      [`district:${D2.id}`]: expect.any(String),
    });
    // The child left D1: its sending admin no longer reads its trail; an outsider and another tenant never did.
    expect((await trail(people.sender, moved)).body.entries).toEqual([]);
    expect((await trail(people.outsider, moved)).body.entries).toEqual([]);
    expect((await trail(people.otherTenant, moved)).body.entries).toEqual([]);
    expect((await trail(people.tenantAdmin, moved)).body.entries.length).toBe(res.body.entries.length);
    // The declined child stayed: the other way round.
    expect((await trail(people.sender, { entityType: "student", entityId: kid(1).student.id })).body.entries.length).toBeGreaterThan(0);
    expect((await trail(people.receiver, { entityType: "student", entityId: kid(1).student.id })).body.entries).toEqual([]);
  });

  it("shows organisation and user rows only to admins of that organisation, and other rows only to tenant admins", async () => {
    const t = w.tenant.id;
    const row = (entityType: string, entityId: number | null) => ({
      tenantId: t,
      userId: w.admin.id,
      action: "update",
      entityType,
      entityId,
      details: { fields: ["name"], before: { name: "Old" }, after: { name: "New" } },
    });
    await db()
      .insert(auditLog)
      .values([row("location", L2.id), row("user", people.receiverId), row("tenant", t)]);
    const seen = async (token: string, query: Record<string, string | number>) => (await trail(token, query)).body.entries.length;
    const [entry] = (await trail(people.receiver, { entityType: "location", entityId: L2.id })).body.entries;
    expect(entry).toMatchObject({ action: "update", fields: ["name"], before: { name: "Old" }, after: { name: "New" }, subject: L2.name });
    expect(await seen(people.sender, { entityType: "location", entityId: L2.id })).toBe(0);
    expect(await seen(people.outsider, { entityType: "location", entityId: L2.id })).toBe(0);
    expect(await seen(people.receiver, { entityType: "user", entityId: people.receiverId })).toBe(1);
    expect(await seen(people.sender, { entityType: "user", entityId: people.receiverId })).toBe(0);
    const tenantRows = async (token: string) =>
      (await trail(token, { pageSize: 100 })).body.entries.filter((e: { entityType: string }) => e.entityType === "tenant").length;
    expect(await tenantRows(people.receiver)).toBe(0);
    expect(await tenantRows(people.tenantAdmin)).toBe(1);
  });

  it("pages without a total, filters by date, and refuses bad filters (400) and teachers (403)", async () => {
    await asked(0);
    await asked(1);
    const first = await trail(people.tenantAdmin, { pageSize: 1 });
    expect(first.body).toMatchObject({ page: 1, pageSize: 1, hasMore: true });
    const second = await trail(people.tenantAdmin, { pageSize: 1, page: 2 });
    expect(second.body.entries[0].id).toBeLessThan(first.body.entries[0].id);
    expect((await trail(people.tenantAdmin, { from: day(1) })).body.entries).toEqual([]);
    expect((await trail(people.tenantAdmin, { from: day(0), to: day(0) })).body.entries.length).toBeGreaterThan(0);
    expect((await trail(people.tenantAdmin, { from: day(1), to: day(0) })).status).toBe(400);
    expect((await trail(people.tenantAdmin, { entityId: 5 })).status).toBe(400);
    expect((await trail(w.teacherToken)).status).toBe(403);
  });
});
