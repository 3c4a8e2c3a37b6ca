import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { scores } from "@/db/schema";
import { classCompletion, studentCompletion } from "@/lib/scoring/completion";
import { listGrades, listRosterStudents } from "@/lib/scoring/grades";
import { saveScore } from "@/lib/scoring/scores";
import { score } from "../support/school-fixtures";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";
import { binding } from "../support/tenancy-binding";

/** Bind the scoring services' transactions to tenant A while their own filters name tenant B. */
vi.mock("@/lib/platform/tenancy", (original) => import("../support/tenancy-binding").then((m) => m.boundTenancy(original)));

let fx: ScoringAssessment;
let a: ScoringWorld;
let b: ScoringWorld;

beforeAll(async () => {
  fx = await makeScoringAssessment(2);
  a = await makeScoringWorld(fx, 1);
  b = await makeScoringWorld(fx, 1);
  await score(b.tenant.id, b.collection.id, b.kids[0].enrollment.id, [fx.items[0].id], fx.entries.A.id);
});

afterEach(() => {
  binding.tenantId = null;
});

describe("scoring services under another tenant's binding", () => {
  it("read B's class as B, and nothing of it when bound to A", async () => {
    expect(await listGrades(b.teacherActor, b.collection.id)).toHaveLength(1);
    binding.tenantId = a.tenant.id;
    await expect(listGrades(b.teacherActor, b.collection.id)).rejects.toMatchObject({ status: 404 });
    await expect(listRosterStudents(b.teacherActor, b.collection.id)).rejects.toMatchObject({ status: 404 });
    await expect(classCompletion(b.teacherActor, b.collection.id)).rejects.toMatchObject({ status: 404 });
    await expect(studentCompletion(b.teacherActor, b.collection.id)).rejects.toMatchObject({ status: 404 });
  });

  it("write nothing into B when bound to A", async () => {
    binding.tenantId = a.tenant.id;
    const input = { studentEnrollmentId: b.kids[0].enrollment.id, assessmentItemsId: fx.items[1].id, assessmentItemsScalesEntriesId: fx.entries.B.id };
    await expect(saveScore(b.teacherActor, b.collection.id, input)).rejects.toMatchObject({ status: 404 });
    expect(await db().select().from(scores).where(eq(scores.tenantId, b.tenant.id))).toHaveLength(1);
  });
});
