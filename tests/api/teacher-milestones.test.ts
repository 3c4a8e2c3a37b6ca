import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as activeGet } from "@/app/en/api/v1/score-milestone/active/route";
import { POST as capturePost } from "@/app/en/api/v1/score-milestone/capture/route";
import { GET as tenantMilestonesGet } from "@/app/en/api/v1/tenant-milestone/route";
import { db } from "@/db/client";
import { auditLog, scoreMilestones, scores, tenantMilestones } from "@/db/schema";
import { call, tokenFor } from "../support/api";
import { makeUser } from "../support/factories";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";
import { score } from "../support/school-fixtures";
import { binding } from "../support/tenancy-binding";
import { activeMilestones, captureMilestone, listTenantMilestones } from "@/lib/scoring/milestones";

/** Bind a service's transaction to another tenant than its filters name (tests/support/tenancy-binding). */
vi.mock("@/lib/platform/tenancy", (original) => import("../support/tenancy-binding").then((m) => m.boundTenancy(original)));

const DAY = 86_400_000;
const days = (n: number) => new Date(Date.now() + n * DAY);

let fx: ScoringAssessment;
let a: ScoringWorld;
let b: ScoringWorld;
let open: typeof tenantMilestones.$inferSelect;
let closed: typeof tenantMilestones.$inferSelect;
let undated: typeof tenantMilestones.$inferSelect;
let otherTenants: typeof tenantMilestones.$inferSelect;

beforeAll(async () => {
  fx = await makeScoringAssessment();
  a = await makeScoringWorld(fx);
  b = await makeScoringWorld(fx);
  [closed, open, undated] = await db()
    .insert(tenantMilestones)
    .values([
      { tenantId: a.tenant.id, label: "Fall", startDate: days(-40), endDate: days(-10), sortOrder: 1 },
      { tenantId: a.tenant.id, label: "Winter", description: "Mid-year", startDate: days(-1), endDate: days(5), sortOrder: 2 },
      { tenantId: a.tenant.id, label: "Spring", sortOrder: 3 },
    ])
    .returning();
  [otherTenants] = await db()
    .insert(tenantMilestones)
    .values({ tenantId: b.tenant.id, label: "B Winter", startDate: days(-1), endDate: days(5) })
    .returning();
});
const milestoneRows = (tenantId: number) => db().select().from(scoreMilestones).where(eq(scoreMilestones.tenantId, tenantId));
const auditRows = (tenantId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.entityType, "score_milestone")));

describe("GET /tenant-milestone", () => {
  it("answers the caller's tenant's milestones in order to teachers and administrators", async () => {
    const res = await call(tenantMilestonesGet, "GET", "/en/api/v1/tenant-milestone", { token: a.teacherToken });
    expect(res.status).toBe(200);
    expect(res.body.tenantMilestones.map((m: { label: string }) => m.label)).toEqual(["Fall", "Winter", "Spring"]);
    expect(res.body.tenantMilestones[1]).toEqual({
      id: open.id,
      label: "Winter",
      description: "Mid-year",
      startDate: Math.floor(open.startDate!.getTime() / 1000),
      endDate: Math.floor(open.endDate!.getTime() / 1000),
      sortOrder: 2,
    });
    expect(res.body.tenantMilestones[2]).toMatchObject({ startDate: null, endDate: null });
    const admin = await call(tenantMilestonesGet, "GET", "/x", { token: a.adminToken });
    expect(admin.body.tenantMilestones).toHaveLength(3);
    const other = await call(tenantMilestonesGet, "GET", "/x", { token: b.teacherToken });
    expect(other.body.tenantMilestones.map((m: { id: number }) => m.id)).toEqual([otherTenants.id]);
  });

  it("refuses a role that is neither teacher nor administrator with 403, and no session with 401", async () => {
    const helpdesk = await makeUser(a.tenant.id, { roles: ["ROLE_HELPDESK"] });
    expect((await call(tenantMilestonesGet, "GET", "/x", { token: await tokenFor(helpdesk) })).status).toBe(403);
    expect((await call(tenantMilestonesGet, "GET", "/x")).status).toBe(401);
  });
});

describe("capturing milestones", () => {
  const capture = (token: string, body: Record<string, unknown>) => call(capturePost, "POST", "/en/api/v1/score-milestone/capture", { token, body });
  const active = (token: string, dataCollectionId: number) =>
    call(activeGet, "GET", "/en/api/v1/score-milestone/active", { token, query: { dataCollectionId } });

  it("freezes the child's current grades, replaces them when captured again, and counts the class's progress", async () => {
    const kid = a.kids[0];
    await score(a.tenant.id, a.collection.id, kid.enrollment.id, [fx.items[0].id, fx.items[1].id], fx.entries.B.id);
    const before = await active(a.teacherToken, a.collection.id);
    expect(before.status).toBe(200);
    expect(before.body.scoreMilestones).toEqual([
      expect.objectContaining({ id: open.id, label: "Winter", rosteredCount: 3, capturedCount: 0, captured: false, capturedStudentIds: [] }),
    ]);

    const body = { studentId: kid.student.id, dataCollectionId: a.collection.id, tenantMilestoneId: open.id };
    const first = await capture(a.teacherToken, body);
    expect(first.status).toBe(200);
    expect(first.body.scoreMilestone).toMatchObject({
      tenantMilestoneId: open.id,
      label: "Winter",
      scores: [
        { assessmentItemsId: fx.items[0].id, assessmentItemsScalesEntriesId: fx.entries.B.id, entryCode: "B" },
        { assessmentItemsId: fx.items[1].id, assessmentItemsScalesEntriesId: fx.entries.B.id, entryCode: "B" },
      ],
    });

    await db()
      .update(scores)
      .set({ scaleEntryId: fx.entries.D.id })
      .where(and(eq(scores.studentEnrollmentId, kid.enrollment.id), eq(scores.assessmentItemId, fx.items[0].id)));
    const again = await capture(a.teacherToken, body);
    expect(again.body.scoreMilestone.id).toBe(first.body.scoreMilestone.id);
    expect(again.body.scoreMilestone.scores[0]).toMatchObject({ assessmentItemsId: fx.items[0].id, entryCode: "D" });
    const rows = await milestoneRows(a.tenant.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ studentId: kid.student.id, capturedBy: a.teacher.id, dataCollectionId: a.collection.id });

    const audit = await auditRows(a.tenant.id);
    expect(audit.map((r) => [r.action, r.entityId, r.studentId, r.userId])).toEqual([
      ["capture", rows[0].id, kid.student.id, a.teacher.id],
      ["capture", rows[0].id, kid.student.id, a.teacher.id],
    ]);
    expect(audit[0].details).toEqual({ tenantMilestoneId: open.id, dataCollectionId: a.collection.id, scoreCount: 2 });

    const after = await active(a.teacherToken, a.collection.id);
    expect(after.body.scoreMilestones[0]).toMatchObject({ rosteredCount: 3, capturedCount: 1, captured: false, capturedStudentIds: [kid.student.id] });
    // The other teacher's class counts only their own child.
    const theirs = await active(a.otherTeacherToken, a.collection.id);
    expect(theirs.body.scoreMilestones[0]).toMatchObject({ rosteredCount: 1, capturedCount: 0 });
  });

  it("refuses a milestone outside its dates with 409 and changes nothing", async () => {
    const rowsBefore = (await milestoneRows(a.tenant.id)).length;
    const auditBefore = (await auditRows(a.tenant.id)).length;
    for (const milestone of [closed, undated]) {
      const res = await capture(a.teacherToken, { studentId: a.kids[1].student.id, dataCollectionId: a.collection.id, tenantMilestoneId: milestone.id });
      expect(res).toMatchObject({ status: 409, body: { message: "This milestone is not open for capture" } });
    }
    expect(await milestoneRows(a.tenant.id)).toHaveLength(rowsBefore);
    expect(await auditRows(a.tenant.id)).toHaveLength(auditBefore);
  });

  it("answers 404 for children, collections and milestones the teacher may not reach, and changes nothing", async () => {
    const rowsBefore = (await milestoneRows(a.tenant.id)).length;
    const auditBefore = (await auditRows(a.tenant.id)).length;
    const base = { studentId: a.kids[1].student.id, dataCollectionId: a.collection.id, tenantMilestoneId: open.id };
    const cases: [string, Record<string, number>][] = [
      [a.teacherToken, { ...base, studentId: a.otherKid.student.id }],
      [a.teacherToken, { ...base, studentId: a.unassignedKid.student.id }],
      [a.teacherToken, { ...base, studentId: b.kids[0].student.id }],
      [a.teacherToken, { ...base, tenantMilestoneId: otherTenants.id }],
      [b.teacherToken, base],
      [b.teacherToken, { ...base, tenantMilestoneId: otherTenants.id }],
    ];
    for (const [token, body] of cases) expect((await capture(token, body)).status).toBe(404);
    expect((await active(b.teacherToken, a.collection.id)).status).toBe(404);
    expect(await milestoneRows(a.tenant.id)).toHaveLength(rowsBefore);
    expect(await milestoneRows(b.tenant.id)).toHaveLength(0);
    expect(await auditRows(a.tenant.id)).toHaveLength(auditBefore);
  });

  it("refuses administrators with 403 and malformed input with 400", async () => {
    const body = { studentId: a.kids[1].student.id, dataCollectionId: a.collection.id, tenantMilestoneId: open.id };
    expect((await capture(a.adminToken, body)).status).toBe(403);
    expect((await active(a.adminToken, a.collection.id)).status).toBe(403);
    expect(await capture(a.teacherToken, { ...body, studentId: "x" })).toMatchObject({
      status: 400,
      body: { message: "studentId must be a positive whole number" },
    });
    expect((await call(activeGet, "GET", "/x", { token: a.teacherToken })).status).toBe(400);
  });
});

describe("tenancy of the services", () => {
  it("find none of tenant B's rows when bound to tenant A", async () => {
    binding.tenantId = a.tenant.id;
    try {
      expect(await listTenantMilestones(b.teacherActor)).toEqual([]);
      await expect(activeMilestones(b.teacherActor, b.collection.id)).rejects.toMatchObject({ status: 404 });
      const body = { studentId: b.kids[0].student.id, dataCollectionId: b.collection.id, tenantMilestoneId: otherTenants.id };
      await expect(captureMilestone(b.teacherActor, body)).rejects.toMatchObject({ status: 404 });
    } finally {
      binding.tenantId = null;
    }
    expect(await milestoneRows(b.tenant.id)).toHaveLength(0);
  });
});
