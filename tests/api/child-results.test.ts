import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { assessments, auditLog, dataCollectionLocationAssignments, studentEnrollments } from "@/db/schema";
import { GET } from "@/app/en/api/v1/students/[id]/results/route";
import { loadScoringScreen } from "@/lib/scoring/scoring-screen";
import { previousLevels } from "@/lib/scoring/previous-levels";
import { loadStudentPage } from "@/lib/scoring/student-page";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeTenant, makeUser } from "../support/factories";
import { actorOf, assign, makeCollection, makeLocation, makeOrgTree, makeSchoolYear, score } from "../support/school-fixtures";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";

/**
 * GET /students/{id}/results: a child's results across collections and school years, with the change
 * since the previous result of the same assessment; reach for admins, the roster for teachers.
 */
const DAY = 86_400_000;
const LEVELS = [
  { code: "LOW", label: "Emerging Readiness", min: 0, max: 49 },
  { code: "MID", label: "Approaching Readiness", min: 50, max: 74 },
  { code: "HIGH", label: "Demonstrating Readiness", min: 75, max: 100 },
];
let fx: ScoringAssessment;
let w: ScoringWorld;
let priorYear: { id: number; label: string };
let prior: { id: number; collectionName: string };
let otherSchool: { id: number };
const tokens = {} as Record<"district" | "leftSchool" | "outsider" | "otherTenant", string>;

const get = (id: number | string, token: string) => call(GET, "GET", `/en/api/v1/students/${id}/results`, { token, params: { id: String(id) } });

beforeAll(async () => {
  fx = await makeScoringAssessment(4);
  await db()
    .update(assessments)
    .set({ configuration: { performanceLevels: LEVELS } })
    .where(eq(assessments.id, fx.assessment.id));
  w = await makeScoringWorld(fx, 2);
  const t = w.tenant.id;
  // Last school year the child was at another school, in another district: a result there in the same assessment.
  priorYear = await makeSchoolYear(new Date(Date.now() - 420 * DAY), new Date(Date.now() - 70 * DAY));
  const d2 = await makeDistrict(t, w.tree.region.id);
  otherSchool = await makeLocation(t, d2.id);
  const itemIds = fx.items.map((i) => i.id);
  prior = await makeCollection(t, { assessmentId: fx.assessment.id, schoolYearId: priorYear.id, itemIds, startOffsetDays: -400, endOffsetDays: -350 });
  await db().insert(dataCollectionLocationAssignments).values({ tenantId: t, dataCollectionId: prior.id, locationId: otherSchool.id });
  const kid = w.kids[0];
  const [old] = await db()
    .insert(studentEnrollments)
    .values({ tenantId: t, studentId: kid.student.id, regionId: w.tree.region.id, districtId: d2.id, locationId: otherSchool.id, active: false })
    .returning();
  await assign(t, prior.id, [old.id]);
  // Prior year: 4 x B = 8 of 16 points (50: MID); the closed window this year: 4 x A (25: LOW); now: 4 x D (100: HIGH).
  await score(t, prior.id, old.id, itemIds, fx.entries.B.id);
  await score(t, w.closed.id, kid.enrollment.id, itemIds, fx.entries.A.id);
  await score(t, w.collection.id, kid.enrollment.id, itemIds, fx.entries.D.id);
  // The second child: one item scored now (no overall score yet).
  await score(t, w.collection.id, w.kids[1].enrollment.id, [itemIds[0]], fx.entries.C.id);

  const admin = (orgs: { orgType: "district" | "location"; id: number; administrative: boolean }[]) => makeUser(t, { roles: ["ROLE_ADMIN"], orgs });
  const other = await makeTenant();
  await makeOrgTree(other.id);
  Object.assign(tokens, {
    district: await tokenFor(await admin([{ orgType: "district", id: w.tree.district.id, administrative: true }])),
    leftSchool: await tokenFor(await admin([{ orgType: "district", id: d2.id, administrative: true }])),
    outsider: await tokenFor(await admin([{ orgType: "district", id: (await makeDistrict(t, w.tree.region.id)).id, administrative: true }])),
    otherTenant: await tokenFor(await makeUser(other.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] })),
  });
});

describe("GET /students/{id}/results", () => {
  it("answers every collection the child was assessed in, across school years and schools, oldest first, with the change since the previous result", async () => {
    const res = await get(w.kids[0].student.id, w.adminToken);
    expect(res.status).toBe(200);
    const { results, assessments: described } = res.body;
    expect(res.body.studentId).toBe(w.kids[0].student.id);
    expect(results.map((r: { dataCollectionId: number }) => r.dataCollectionId)).toEqual([prior.id, w.closed.id, w.collection.id]);
    expect(described).toEqual([
      { id: fx.assessment.id, name: fx.assessment.name, isKra: true, levels: LEVELS.map((l) => ({ ...l })), scale: { min: 0, max: 100 } },
    ]);
    const [first, second, third] = results;
    expect(first).toMatchObject({
      collectionName: prior.collectionName,
      schoolYear: { id: priorYear.id, label: priorYear.label },
      window: "Kindergarten entry",
      locationName: expect.any(String),
      scoredItems: 4,
      totalItems: 4,
      progress: 100,
      overallScore: 50,
      performanceLevel: "MID",
      levelLabel: "Approaching Readiness",
      domains: [{ code: "LL", label: "Language and Literacy", score: 50, change: null }],
      change: null,
    });
    expect(second).toMatchObject({
      schoolYear: { id: fx.schoolYearId },
      overallScore: 25,
      performanceLevel: "LOW",
      domains: [{ code: "LL", score: 25, change: -25 }],
      change: {
        fromDataCollectionId: prior.id,
        fromCollectionName: prior.collectionName,
        overallScore: -25,
        fromLevel: "MID",
        fromLevelLabel: "Approaching Readiness",
        direction: "down",
      },
    });
    expect(third).toMatchObject({
      overallScore: 100,
      performanceLevel: "HIGH",
      levelLabel: "Demonstrating Readiness",
      domains: [{ code: "LL", score: 100, change: 75 }],
      change: { fromDataCollectionId: w.closed.id, overallScore: 75, fromLevel: "LOW", direction: "up" },
    });
    // The child's earlier school is named: the result was kept by the enrollment there.
    expect(first.locationName).not.toBe(third.locationName);
  });

  it("a partly scored child has a row without scores or level; a child with nothing scored has none", async () => {
    const partial = await get(w.kids[1].student.id, w.adminToken);
    expect(partial.status).toBe(200);
    expect(partial.body.results).toHaveLength(1);
    expect(partial.body.results[0]).toMatchObject({
      dataCollectionId: w.collection.id,
      scoredItems: 1,
      overallScore: null,
      performanceLevel: null,
      domains: [],
      change: null,
    });
    const none = await get(w.otherKid.student.id, w.adminToken);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ studentId: w.otherKid.student.id, assessments: [], results: [] });
  });

  it("a teacher reads a child on their roster, not another teacher's child", async () => {
    const own = await get(w.kids[0].student.id, w.teacherToken);
    expect(own.status).toBe(200);
    expect(own.body.results).toHaveLength(3);
    expect((await get(w.otherKid.student.id, w.teacherToken)).status).toBe(404);
    expect((await get(w.kids[0].student.id, w.otherTeacherToken)).status).toBe(404);
    // The teacher's page of the child carries the same history.
    const page = await loadStudentPage(w.teacherActor, w.collection.id, w.kids[0].enrollment.id);
    expect(page.overTime).toEqual(own.body);
  });

  it("an admin reads within reach: the child's district yes; the school the child left, another district and another tenant 404", async () => {
    expect((await get(w.kids[0].student.id, tokens.district)).body.results).toHaveLength(3);
    for (const token of [tokens.leftSchool, tokens.outsider, tokens.otherTenant]) {
      const res = await get(w.kids[0].student.id, token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Student not found" });
    }
    expect((await get(2_000_000_000, w.adminToken)).status).toBe(404);
  });

  it("refuses an id that is not one with 400, and audits each read as a view", async () => {
    const bad = await get("abc", w.adminToken);
    expect(bad.status).toBe(400);
    const before = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, w.tenant.id), eq(auditLog.entityType, "student_result"), eq(auditLog.studentId, w.kids[0].student.id)));
    await get(w.kids[0].student.id, tokens.district);
    const after = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, w.tenant.id), eq(auditLog.entityType, "student_result"), eq(auditLog.studentId, w.kids[0].student.id)));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      action: "view",
      details: { via: "api", dataCollectionIds: expect.arrayContaining([prior.id, w.closed.id, w.collection.id]) },
    });
  });
});

describe("previousLevels (the scoring screen's previous checkpoint)", () => {
  it("gives each child of the class their result in the previous collection of the same assessment, across school years and schools", async () => {
    const now = await previousLevels(w.teacherActor, w.collection.id);
    expect(now).toEqual([
      {
        enrollmentId: w.kids[0].enrollment.id,
        collectionName: w.closed.collectionName,
        schoolYear: expect.any(String),
        overallScore: 25,
        performanceLevel: "LOW",
        levelLabel: "Emerging Readiness",
      },
    ]);
    // In the closed window the previous one is last year's, kept by the child's enrollment at the school they left.
    expect(await previousLevels(w.teacherActor, w.closed.id)).toEqual([
      {
        enrollmentId: w.kids[0].enrollment.id,
        collectionName: prior.collectionName,
        schoolYear: priorYear.label,
        overallScore: 50,
        performanceLevel: "MID",
        levelLabel: "Approaching Readiness",
      },
    ]);
  });

  it("a teacher sees only their roster; another tenant's teacher gets 404; the scoring screen reads it only when asked", async () => {
    expect(await previousLevels(w.otherTeacherActor, w.collection.id)).toEqual([]);
    const other = await makeTenant();
    const tree = await makeOrgTree(other.id);
    const stranger = await actorOf(await makeUser(other.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: tree.location.id }] }));
    await expect(previousLevels(stranger, w.collection.id)).rejects.toMatchObject({ status: 404 });
    await expect(previousLevels(w.adminActor, w.collection.id)).rejects.toMatchObject({ status: 403 });

    const off = await loadScoringScreen(w.teacherActor, w.collection.id);
    expect(off.data.previous).toBeNull();
    const on = await loadScoringScreen(w.teacherActor, w.collection.id, new Date(), { previous: true });
    expect(on.data.previous).toEqual({
      [w.kids[0].enrollment.id]: {
        collectionName: w.closed.collectionName,
        schoolYear: expect.any(String),
        overallScore: 25,
        performanceLevel: "LOW",
        levelLabel: "Emerging Readiness",
      },
    });
  });
});
