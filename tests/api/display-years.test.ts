import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { assessments, dataCollectionLocationAssignments } from "@/db/schema";
import { GET } from "@/app/en/api/v1/data-displays/years/route";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeTenant, makeUser } from "../support/factories";
import { assign, makeAssessment, makeCollection, makeOrgTree, makeSchoolYear, score } from "../support/school-fixtures";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";

/**
 * GET /data-displays/years: the performance-level distribution of a collection beside one of the same
 * assessment in another school year, for the state or a district within the admin's reach.
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
let otherAssessment: { id: number };
const tokens = {} as Record<"district" | "outsider" | "otherTenant", string>;

const get = (query: Record<string, number>, token: string) => call(GET, "GET", "/en/api/v1/data-displays/years", { token, query });

beforeAll(async () => {
  fx = await makeScoringAssessment(4);
  await db()
    .update(assessments)
    .set({ configuration: { performanceLevels: LEVELS } })
    .where(eq(assessments.id, fx.assessment.id));
  w = await makeScoringWorld(fx, 3);
  const t = w.tenant.id;
  priorYear = await makeSchoolYear(new Date(Date.now() - 420 * DAY), new Date(Date.now() - 70 * DAY));
  const itemIds = fx.items.map((i) => i.id);
  const atSchool = async <C extends { id: number }>(c: C) => {
    await db().insert(dataCollectionLocationAssignments).values({ tenantId: t, dataCollectionId: c.id, locationId: w.tree.location.id });
    return c;
  };
  prior = await atSchool(
    await makeCollection(t, { assessmentId: fx.assessment.id, schoolYearId: priorYear.id, itemIds, startOffsetDays: -400, endOffsetDays: -350 }),
  );
  const kids = w.kids.map((k) => k.enrollment.id);
  await assign(t, prior.id, kids);
  // Last year: MID (8 of 16 points) and LOW (4 of 16), the third child not scored. Now: HIGH, HIGH, MID.
  await score(t, prior.id, kids[0], itemIds, fx.entries.B.id);
  await score(t, prior.id, kids[1], itemIds, fx.entries.A.id);
  await score(t, w.collection.id, kids[0], itemIds, fx.entries.D.id);
  await score(t, w.collection.id, kids[1], itemIds, fx.entries.D.id);
  await score(t, w.collection.id, kids[2], itemIds, fx.entries.B.id);
  const another = await makeAssessment(1);
  otherAssessment = await atSchool(
    await makeCollection(t, { assessmentId: another.assessment.id, schoolYearId: priorYear.id, itemIds: [another.items[0].id] }),
  );

  const other = await makeTenant();
  await makeOrgTree(other.id);
  const admin = (districtId: number) => makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: districtId, administrative: true }] });
  Object.assign(tokens, {
    district: await tokenFor(await admin(w.tree.district.id)),
    outsider: await tokenFor(await admin((await makeDistrict(t, w.tree.region.id)).id)),
    otherTenant: await tokenFor(await makeUser(other.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] })),
  });
});

const level = (code: string, count: number, percent: number) => ({ code, label: LEVELS.find((l) => l.code === code)!.label, count, percent });

describe("GET /data-displays/years", () => {
  it("lists the collections of the same assessment in other school years, and shows only the chosen one without compareWith", async () => {
    const res = await get({ dataCollectionId: w.collection.id }, w.adminToken);
    expect(res.status).toBe(200);
    expect(res.body.assessment).toEqual({ id: fx.assessment.id, name: fx.assessment.name });
    expect(res.body.scope).toEqual({ kind: "state", id: null, name: expect.any(String) });
    // Same-year windows (closed, upcoming) and the other assessment's collection are not comparable.
    expect(res.body.comparable).toEqual([
      { dataCollectionId: prior.id, collectionName: prior.collectionName, schoolYear: priorYear.label, window: "Kindergarten entry" },
    ]);
    expect(res.body.years.map((y: { dataCollectionId: number }) => y.dataCollectionId)).toEqual([w.collection.id]);
  });

  it("compares the distributions of two school years, oldest first, for the state and for a district", async () => {
    const state = await get({ dataCollectionId: w.collection.id, compareWith: prior.id }, w.adminToken);
    expect(state.status).toBe(200);
    expect(state.body.years).toEqual([
      {
        dataCollectionId: prior.id,
        collectionName: prior.collectionName,
        schoolYear: priorYear.label,
        window: "Kindergarten entry",
        students: 3,
        assessed: 2,
        levels: [level("LOW", 1, 50), level("MID", 1, 50), level("HIGH", 0, 0)],
      },
      // The other teacher's child is assigned too (four children), not scored.
      expect.objectContaining({
        dataCollectionId: w.collection.id,
        students: 4,
        assessed: 3,
        levels: [level("LOW", 0, 0), level("MID", 1, 33.3), level("HIGH", 2, 66.7)],
      }),
    ]);
    const drill = { regionId: w.tree.region.id, districtId: w.tree.district.id };
    const district = await get({ dataCollectionId: prior.id, compareWith: w.collection.id, ...drill }, tokens.district);
    expect(district.status).toBe(200);
    expect(district.body.scope).toMatchObject({ kind: "district", id: w.tree.district.id });
    expect(district.body.years).toEqual(state.body.years);
  });

  it("refuses another assessment or the same school year with 400, and answers 404 outside reach and for another tenant, 403 for a teacher", async () => {
    const otherKind = await get({ dataCollectionId: w.collection.id, compareWith: otherAssessment.id }, w.adminToken);
    expect(otherKind.status).toBe(400);
    expect(otherKind.body).toEqual({
      message: "Choose a collection of the same assessment",
      errors: [{ field: "compareWith", message: "Choose a collection of the same assessment" }],
    });
    const sameYear = await get({ dataCollectionId: w.collection.id, compareWith: w.closed.id }, w.adminToken);
    expect(sameYear.status).toBe(400);
    expect(sameYear.body.message).toBe("Choose a collection of another school year");
    expect((await get({ dataCollectionId: w.collection.id, compareWith: 2_000_000_000 }, w.adminToken)).status).toBe(404);
    expect((await get({ dataCollectionId: w.collection.id }, tokens.outsider)).status).toBe(404);
    expect((await get({ dataCollectionId: w.collection.id, compareWith: prior.id }, tokens.otherTenant)).status).toBe(404);
    expect((await get({ dataCollectionId: w.collection.id }, w.teacherToken)).status).toBe(403);
  });
});
