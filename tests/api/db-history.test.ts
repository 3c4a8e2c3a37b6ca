import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { assessmentItems, auditLog, scaleEntries, scales, scoreHistory } from "@/db/schema";
import { dbFailure } from "../support/database";
import { makeAssessment, makeDataCollection, makeEnrollment, makeOrgTree, makeSchoolYear, makeStudent, makeTenant, makeUser } from "../support/factories";

/** A tenant with one grade change recorded in score_history and one audit row, both by `user`. */
async function historyFixture() {
  const tenant = await makeTenant();
  const user = await makeUser(tenant.id);
  const { location } = await makeOrgTree(tenant.id);
  const enrollment = await makeEnrollment(tenant.id, (await makeStudent(tenant.id)).id, location);
  const assessment = await makeAssessment();
  const [scale] = await db().insert(scales).values({ assessmentId: assessment.id, code: "R", label: "Rubric" }).returning();
  const [entry] = await db().insert(scaleEntries).values({ scaleId: scale.id, code: "A", label: "A", score: "3" }).returning();
  const [item] = await db().insert(assessmentItems).values({ assessmentId: assessment.id, code: "LL1", label: "Letters" }).returning();
  const collection = await makeDataCollection(tenant.id, { schoolYearId: (await makeSchoolYear()).id, assessmentId: assessment.id });
  const [history] = await db()
    .insert(scoreHistory)
    .values({
      tenantId: tenant.id,
      scoreId: 1,
      dataCollectionId: collection.id,
      studentEnrollmentId: enrollment.id,
      assessmentItemId: item.id,
      scaleEntryId: entry.id,
      action: "create",
      changedBy: user.id,
    })
    .returning();
  const [audit] = await db().insert(auditLog).values({ tenantId: tenant.id, userId: user.id, action: "view", entityType: "student", details: {} }).returning();
  return { tenant, user, enrollment, collection, history, audit };
}

const count = async (table: string, id: number) =>
  (await rows<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.identifier(table)} where id = ${id}`))[0].n;

describe("score_history and audit_log are append-only", () => {
  it("refuse UPDATE, DELETE and TRUNCATE with a clear error", async () => {
    const { history, audit } = await historyFixture();
    for (const [table, id] of [
      ["score_history", history.id],
      ["audit_log", audit.id],
    ] as const) {
      const update = await dbFailure(() => db().execute(sql`update ${sql.identifier(table)} set tenant_id = tenant_id where id = ${id}`));
      expect(update).toEqual({ code: "23001", message: `${table} is append-only: UPDATE is not allowed` });
      const remove = await dbFailure(() => db().execute(sql`delete from ${sql.identifier(table)} where id = ${id}`));
      expect(remove).toEqual({ code: "23001", message: `${table} is append-only: DELETE is not allowed` });
      const truncate = await dbFailure(() => db().execute(sql`truncate ${sql.identifier(table)}`));
      expect(truncate).toEqual({ code: "23001", message: `${table} is append-only: TRUNCATE is not allowed` });
      expect(await count(table, id)).toBe(1);
    }
  });

  it("still take new rows", async () => {
    const { tenant } = await historyFixture();
    const [row] = await db().insert(auditLog).values({ tenantId: tenant.id, action: "export", entityType: "report", details: {} }).returning();
    expect(await count("audit_log", row.id)).toBe(1);
  });

  it("outlive no parent: deleting a parent with history is refused and the history stays", async () => {
    const { user, enrollment, collection, history, audit } = await historyFixture();
    for (const [table, id] of [
      ["student_enrollments", enrollment.id],
      ["data_collections", collection.id],
      ["users", user.id],
    ] as const) {
      const failure = await dbFailure(() => db().execute(sql`delete from ${sql.identifier(table)} where id = ${id}`));
      expect(failure?.code, table).toBe("23503");
    }
    const [kept] = await db()
      .select()
      .from(scoreHistory)
      .where(sql`${scoreHistory.id} = ${history.id}`);
    expect(kept).toMatchObject({ studentEnrollmentId: enrollment.id, dataCollectionId: collection.id, changedBy: user.id });
    const [trail] = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} = ${audit.id}`);
    expect(trail.userId).toBe(user.id);
  });

  it("have no foreign key that cascades or sets null into them", async () => {
    const actions = await rows<{ table: string; action: string }>(
      db(),
      sql`select conrelid::regclass::text as table, confdeltype::text as action from pg_constraint
          where contype = 'f' and conrelid in ('score_history'::regclass, 'audit_log'::regclass) and confdeltype not in ('a', 'r')`,
    );
    expect(actions).toEqual([]);
  });
});
