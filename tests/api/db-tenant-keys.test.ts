import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import {
  acknowledgementAcceptances,
  acknowledgements,
  assessmentItems,
  assessments,
  auditLog,
  authSessions,
  dataCollectionLocationAssignments,
  districts,
  enrollmentAssociations,
  notifications,
  scaleEntries,
  scales,
  scores,
  studentEnrollments,
  students,
  userOrganizations,
} from "@/db/schema";
import { dbFailure } from "../support/database";
import { makeAssessment, makeDataCollection, makeEnrollment, makeOrgTree, makeSchoolYear, makeStudent, makeTenant, makeUser } from "../support/factories";

/** Everything a tenant's child rows point at, for tenants A and B. */
async function tenantWorld() {
  const tenant = await makeTenant();
  const org = await makeOrgTree(tenant.id);
  const user = await makeUser(tenant.id);
  const student = await makeStudent(tenant.id);
  const enrollment = await makeEnrollment(tenant.id, student.id, org.location);
  const collection = await makeDataCollection(tenant.id, { schoolYearId: (await makeSchoolYear()).id, assessmentId: shared.assessmentId });
  const [acknowledgement] = await db().insert(acknowledgements).values({ tenantId: tenant.id, text: "Own terms" }).returning();
  return { tenant, ...org, user, student, enrollment, collection, acknowledgement };
}

let shared: { assessmentId: number; itemId: number; entryId: number };
let a: Awaited<ReturnType<typeof tenantWorld>>;
let b: Awaited<ReturnType<typeof tenantWorld>>;

beforeAll(async () => {
  const assessment = await makeAssessment();
  const [scale] = await db().insert(scales).values({ assessmentId: assessment.id, code: "R", label: "Rubric" }).returning();
  const [entry] = await db().insert(scaleEntries).values({ scaleId: scale.id, code: "A", label: "A", score: "3" }).returning();
  const [item] = await db().insert(assessmentItems).values({ assessmentId: assessment.id, code: "LL1", label: "Letters" }).returning();
  shared = { assessmentId: assessment.id, itemId: item.id, entryId: entry.id };
  a = await tenantWorld();
  b = await tenantWorld();
});

/** A new enrollment of tenant A, so score cases never meet the one-score-per-item key. */
const freshEnrollment = async () => (await makeEnrollment(a.tenant.id, (await makeStudent(a.tenant.id)).id, a.location)).id;

/**
 * Each case writes a row of tenant A; `parent` picks which world its parent comes from. With A's
 * own parent it is stored; with B's it is refused by the database as a foreign key violation.
 */
const cases: Record<string, (parent: typeof a) => Promise<unknown>> = {
  "district -> region": (p) => db().insert(districts).values({ tenantId: a.tenant.id, regionId: p.region.id, name: "D" }),
  "student -> parent location": (p) =>
    db()
      .insert(students)
      .values({ tenantId: a.tenant.id, tenantUniqueId: `x${Math.random()}`, firstName: "K", lastName: "S", parentLocationId: p.location.id }),
  "student enrollment -> location": (p) =>
    db()
      .insert(studentEnrollments)
      .values({ tenantId: a.tenant.id, studentId: a.student.id, regionId: a.region.id, districtId: a.district.id, locationId: p.location.id }),
  "student enrollment -> student": (p) =>
    db()
      .insert(studentEnrollments)
      .values({ tenantId: a.tenant.id, studentId: p.student.id, regionId: a.region.id, districtId: a.district.id, locationId: a.location.id }),
  "score -> enrollment": (p) =>
    db().insert(scores).values({
      tenantId: a.tenant.id,
      dataCollectionId: a.collection.id,
      studentEnrollmentId: p.enrollment.id,
      assessmentItemId: shared.itemId,
      scaleEntryId: shared.entryId,
    }),
  "score -> data collection": async (p) =>
    db()
      .insert(scores)
      .values({
        tenantId: a.tenant.id,
        dataCollectionId: p.collection.id,
        studentEnrollmentId: await freshEnrollment(),
        assessmentItemId: shared.itemId,
        scaleEntryId: shared.entryId,
      }),
  "score -> entering user": async (p) =>
    db()
      .insert(scores)
      .values({
        tenantId: a.tenant.id,
        dataCollectionId: a.collection.id,
        studentEnrollmentId: await freshEnrollment(),
        assessmentItemId: shared.itemId,
        scaleEntryId: shared.entryId,
        enteredBy: p.user.id,
      }),
  "user_organizations -> location": (p) =>
    db().insert(userOrganizations).values({ tenantId: a.tenant.id, userId: a.user.id, orgType: "location", parentId: p.location.id }),
  "user_organizations -> district": (p) =>
    db().insert(userOrganizations).values({ tenantId: a.tenant.id, userId: a.user.id, orgType: "district", parentId: p.district.id }),
  "user_organizations -> user": (p) =>
    db().insert(userOrganizations).values({ tenantId: a.tenant.id, userId: p.user.id, orgType: "region", parentId: a.region.id }),
  "roster -> teacher": (p) =>
    db().insert(enrollmentAssociations).values({ tenantId: a.tenant.id, userId: p.user.id, studentEnrollmentId: a.enrollment.id, locationId: a.location.id }),
  "collection assignment -> location": (p) =>
    db().insert(dataCollectionLocationAssignments).values({ tenantId: a.tenant.id, dataCollectionId: a.collection.id, locationId: p.location.id }),
  "session -> user": (p) =>
    db()
      .insert(authSessions)
      .values({ tenantId: a.tenant.id, userId: p.user.id, expiresAt: new Date(Date.now() + 60_000) }),
  "audit row -> user": (p) => db().insert(auditLog).values({ tenantId: a.tenant.id, userId: p.user.id, action: "view", entityType: "student", details: {} }),
  "notification -> user": (p) => db().insert(notifications).values({ tenantId: a.tenant.id, userId: p.user.id, message: "m" }),
  "data collection -> the tenant's own assessment": async (p) => {
    const [own] = await db().insert(assessments).values({ tenantId: p.tenant.id, name: "Own", taxonomy: "FORMATIVE" }).returning();
    return makeDataCollection(a.tenant.id, { schoolYearId: (await makeSchoolYear()).id, assessmentId: own.id });
  },
  "acceptance -> acknowledgement": (p) =>
    db().insert(acknowledgementAcceptances).values({ tenantId: a.tenant.id, userId: a.user.id, acknowledgementId: p.acknowledgement.id }),
};

describe("a child row cannot point at another tenant's parent", () => {
  for (const [name, insert] of Object.entries(cases)) {
    it(`${name}: refused for another tenant's parent, stored for the tenant's own`, async () => {
      expect((await dbFailure(() => insert(b)))?.code).toBe("23503");
      expect(await dbFailure(() => insert(a))).toBeNull();
    });
  }

  it("a shared acknowledgement (no tenant) may be accepted in any tenant", async () => {
    const [common] = await db().insert(acknowledgements).values({ tenantId: null, text: "Everyone's terms" }).returning();
    for (const world of [a, b]) {
      expect(
        await dbFailure(() =>
          db().insert(acknowledgementAcceptances).values({ tenantId: world.tenant.id, userId: world.user.id, acknowledgementId: common.id }),
        ),
      ).toBeNull();
    }
  });

  it("moving a row to another tenant is refused as well", async () => {
    const failure = await dbFailure(() => db().execute(sql`update student_enrollments set tenant_id = ${b.tenant.id} where id = ${a.enrollment.id}`));
    expect(failure?.code).toBe("23503");
  });

  it("deleting a user keeps the rows they entered, without the user (set null leaves tenant_id)", async () => {
    const teacher = await makeUser(a.tenant.id);
    const [score] = await db()
      .insert(scores)
      .values({
        tenantId: a.tenant.id,
        dataCollectionId: a.collection.id,
        studentEnrollmentId: await freshEnrollment(),
        assessmentItemId: shared.itemId,
        scaleEntryId: shared.entryId,
        enteredBy: teacher.id,
      })
      .returning();
    await db().execute(sql`delete from users where id = ${teacher.id}`);
    const [kept] = await db()
      .select()
      .from(scores)
      .where(sql`${scores.id} = ${score.id}`);
    expect(kept).toMatchObject({ tenantId: a.tenant.id, enteredBy: null });
  });
});
