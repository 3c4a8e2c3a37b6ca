import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, studentOutputs, students } from "@/db/schema";
import { PUT as updatePut } from "@/app/en/api/v1/students/route";
import { GET as oneGet } from "@/app/en/api/v1/students/[id]/route";
import { POST as isrPost } from "@/app/en/api/v1/reports/individual-student/route";
import { call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { makeScoringAssessment, makeScoringWorld, type ScoringWorld } from "../support/scoring-world";

/** A school with a class of three (scoring-world) and its tenant admin; another tenant's admin. */
let W: ScoringWorld;
let foreignAdmin: string;

// Each test its own world: every child's language starts unset.
beforeEach(async () => {
  W = await makeScoringWorld(await makeScoringAssessment(2), 3);
  foreignAdmin = await tokenFor(await makeUser((await makeTenant()).id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] }));
});

/** The student as the edit form sends it: its fields from GET /students/{id}, with overrides. */
async function edited(id: number, overrides: Record<string, unknown>) {
  const { body } = await call(oneGet, "GET", `/en/api/v1/students/${id}`, { token: W.adminToken, params: { id: String(id) } });
  const s = body.student;
  return {
    id,
    tenantUniqueId: s.tenantUniqueId,
    firstName: s.firstName,
    middleName: s.middleName,
    lastName: s.lastName,
    gender: s.gender,
    dob: s.dobDate,
    races: [],
    ...overrides,
  };
}
const update = (token: string, student: unknown) => call(updatePut, "PUT", "/en/api/v1/students", { token, body: { student } });
const languagesOf = async (outputId: number) =>
  Object.fromEntries(
    (
      await db()
        .select()
        .from(studentOutputs)
        .where(and(eq(studentOutputs.tenantId, W.tenant.id), eq(studentOutputs.outputId, outputId)))
    ).map((r) => [r.studentId, r.language]),
  );

describe("a child's ISR language", () => {
  it("is null (English) at first, set to Spanish on the student edit, audited by field name", async () => {
    const kid = W.kids[0].student.id;
    const before = await call(oneGet, "GET", `/x`, { token: W.adminToken, params: { id: String(kid) } });
    expect(before.body.student.isrLanguage).toBeNull();
    const res = await update(W.adminToken, await edited(kid, { isrLanguage: "es" }));
    expect(res.status).toBe(200);
    expect(res.body.student.isrLanguage).toBe("es");
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, W.tenant.id), eq(auditLog.studentId, kid), eq(auditLog.action, "update")));
    expect(audit.at(-1)!.details).toMatchObject({ fields: ["isrLanguage"] });
    // Left out of an edit: kept.
    const kept = await update(W.adminToken, await edited(kid, { firstName: "Sofía" }));
    expect(kept.body.student.isrLanguage).toBe("es");
  });

  it("refuses a language other than en or es (400), changing nothing", async () => {
    const kid = W.kids[1].student.id;
    const res = await update(W.adminToken, await edited(kid, { isrLanguage: "fr" }));
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { message: string }) => e.message)).toContain("Must be en or es");
    const [row] = await db().select().from(students).where(eq(students.id, kid));
    expect(row.isrLanguage).toBeNull();
  });

  it("answers 403 to a teacher and 404 to another tenant's admin", async () => {
    const kid = W.kids[1].student.id;
    const body = await edited(kid, { isrLanguage: "es" });
    expect((await update(W.teacherToken, body)).status).toBe(403);
    expect((await update(foreignAdmin, body)).status).toBe(404);
    const [row] = await db().select().from(students).where(eq(students.id, kid));
    expect(row.isrLanguage).toBeNull();
  });

  it("chooses each child's ISR language when a request forces none, and yields to a forced one", async () => {
    expect((await update(W.adminToken, await edited(W.kids[0].student.id, { isrLanguage: "es" }))).status).toBe(200);
    const own = await call(isrPost, "POST", "/x", { token: W.adminToken, body: { dataCollectionId: W.collection.id } });
    expect(own.status).toBe(200);
    expect(own.body.output.language).toBeNull();
    const spanish = W.kids[0].student.id;
    const chosen = await languagesOf(own.body.output.id);
    expect(chosen[spanish]).toBe("es");
    expect(W.kids.slice(1).map((k) => chosen[k.student.id])).toEqual(["en", "en"]);
    const forced = await call(isrPost, "POST", "/x", { token: W.adminToken, body: { dataCollectionId: W.collection.id, language: "en" } });
    expect(forced.body.output.language).toBe("en");
    expect((await languagesOf(forced.body.output.id))[spanish]).toBe("en");
  });
});
