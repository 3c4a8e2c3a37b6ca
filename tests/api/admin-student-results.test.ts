import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { assessments } from "@/db/schema";
import { PUT as decidePut } from "@/app/en/api/v1/transfers/[id]/route";
import { POST as createPost } from "@/app/en/api/v1/transfers/route";
import { enrollmentResults } from "@/lib/enrollments/results";
import type { Actor } from "@/lib/platform/actor";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeTenant, makeUser } from "../support/factories";
import { actorOf, makeLocation, makeOrgTree, score } from "../support/school-fixtures";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";

/**
 * The admin's view of a child's results per collection (the student profile's Collections tab):
 * read from student_results within the admin's reach, and after an approved transfer at the
 * receiving district, no longer at the sending one.
 */
const LEVELS = [
  { code: "LOW", label: "Emerging Readiness", min: 0, max: 7 },
  { code: "HIGH", label: "Demonstrating Readiness", min: 8, max: 100 },
];
let fx: ScoringAssessment;
let w: ScoringWorld;
let L2: { id: number };
const actors = {} as Record<"sender" | "receiver" | "outsider" | "otherTenant" | "teacher" | "tenantAdmin", Actor>;
const tokens = {} as Record<"sender" | "receiver", string>;

beforeAll(async () => {
  fx = await makeScoringAssessment(3);
  await db()
    .update(assessments)
    .set({ configuration: { performanceLevels: LEVELS } })
    .where(eq(assessments.id, fx.assessment.id));
});

// Each test its own world (the transfer test moves kid 0 to another district).
beforeEach(async () => {
  w = await makeScoringWorld(fx, 2);
  const t = w.tenant.id;
  const D2 = await makeDistrict(t, w.tree.region.id);
  L2 = await makeLocation(t, D2.id);
  const d3 = await makeDistrict(t, w.tree.region.id);
  const sender = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: w.tree.district.id, administrative: true }] });
  const receiver = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: D2.id, administrative: true }] });
  const outsider = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d3.id, administrative: true }] });
  const other = await makeTenant();
  await makeOrgTree(other.id);
  const otherAdmin = await makeUser(other.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  Object.assign(actors, {
    sender: await actorOf(sender),
    receiver: await actorOf(receiver),
    outsider: await actorOf(outsider),
    otherTenant: await actorOf(otherAdmin),
    teacher: w.teacherActor,
    tenantAdmin: w.adminActor,
  });
  Object.assign(tokens, { sender: await tokenFor(sender), receiver: await tokenFor(receiver) });
  // Kid 0 complete (3 x D = 12 points: HIGH), kid 1 one item scored.
  await score(
    t,
    w.collection.id,
    w.kids[0].enrollment.id,
    fx.items.map((i) => i.id),
    fx.entries.D.id,
  );
  await score(t, w.collection.id, w.kids[1].enrollment.id, [fx.items[0].id], fx.entries.A.id);
});

const statusOf = async (promise: Promise<unknown>) => promise.then(() => 200).catch((e: { status?: number }) => e.status);

describe("enrollmentResults (the student profile's Collections tab)", () => {
  it("answers each assigned collection with items scored, progress and, once complete, the scale score and the level in words", async () => {
    const complete = await enrollmentResults(actors.sender, w.kids[0].enrollment.id);
    expect(complete.map((r) => r.dataCollectionId).sort()).toEqual([w.collection.id, w.closed.id, w.upcoming.id].sort());
    const open = complete.find((r) => r.dataCollectionId === w.collection.id)!;
    expect(open).toMatchObject({
      collectionName: w.collection.collectionName,
      scoredItems: 3,
      totalItems: 3,
      progress: 100,
      performanceLevel: "HIGH",
      levelLabel: "Demonstrating Readiness",
    });
    expect(open.overallScore).toEqual(expect.any(Number));
    expect(open.updatedAt).toEqual(expect.any(Number));
    // Nothing scored in the other collections: no result row yet.
    expect(complete.find((r) => r.dataCollectionId === w.closed.id)).toMatchObject({
      scoredItems: 0,
      totalItems: null,
      progress: 0,
      overallScore: null,
      levelLabel: null,
      updatedAt: null,
    });

    const partial = (await enrollmentResults(actors.tenantAdmin, w.kids[1].enrollment.id)).find((r) => r.dataCollectionId === w.collection.id)!;
    expect(partial).toMatchObject({ scoredItems: 1, totalItems: 3, overallScore: null, performanceLevel: null, levelLabel: null });
    expect(partial.progress).toBeGreaterThan(0);
    expect(partial.progress).toBeLessThan(100);
    expect(await enrollmentResults(actors.sender, w.unassignedKid.enrollment.id)).toEqual([]);
  });

  it("is 404 outside the admin's reach and for another tenant, 403 for a teacher", async () => {
    const eid = w.kids[1].enrollment.id;
    expect(await statusOf(enrollmentResults(actors.receiver, eid))).toBe(404);
    expect(await statusOf(enrollmentResults(actors.outsider, eid))).toBe(404);
    expect(await statusOf(enrollmentResults(actors.otherTenant, eid))).toBe(404);
    expect(await statusOf(enrollmentResults(actors.teacher, eid))).toBe(403);
    expect(await statusOf(enrollmentResults(actors.sender, 2_000_000))).toBe(404);
  });

  it("after an approved transfer the results are read at the receiving district, and no longer at the sending one", async () => {
    const kid = w.kids[0];
    const before = await enrollmentResults(actors.sender, kid.enrollment.id);
    const asked = await call(createPost, "POST", "/en/api/v1/transfers", {
      token: tokens.sender,
      body: { studentId: kid.student.id, enrollmentId: kid.enrollment.id, locationId: L2.id },
    });
    expect(asked.status).toBe(200);
    const id = asked.body.transfer.id as number;
    expect(await statusOf(enrollmentResults(actors.receiver, kid.enrollment.id))).toBe(404);
    const decided = await call(decidePut, "PUT", `/en/api/v1/transfers/${id}`, {
      token: tokens.receiver,
      params: { id: String(id) },
      body: { isApproved: true },
    });
    expect(decided.body.message).toBe("Transfer Request Approved");

    expect(await enrollmentResults(actors.receiver, kid.enrollment.id)).toEqual(before);
    expect(await statusOf(enrollmentResults(actors.sender, kid.enrollment.id))).toBe(404);
  });
});
