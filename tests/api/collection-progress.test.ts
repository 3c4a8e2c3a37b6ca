import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { collectionLocationProgress, scores, studentDataCollectionAssignments, studentEnrollments } from "@/db/schema";
import { saveScore } from "@/lib/scoring/scores";
import { score } from "../support/school-fixtures";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";

let fx: ScoringAssessment;
let w: ScoringWorld;

beforeAll(async () => {
  fx = await makeScoringAssessment(3);
});

// Each test its own world: the counts it reads start from its own assignments and grades.
beforeEach(async () => {
  w = await makeScoringWorld(fx, 3);
});

/** The triggers' per-location counts beside the same figures counted from the rows. */
async function progress(locationId: number) {
  const [kept] = await db()
    .select()
    .from(collectionLocationProgress)
    .where(and(eq(collectionLocationProgress.dataCollectionId, w.collection.id), eq(collectionLocationProgress.locationId, locationId)));
  return { students: kept?.students ?? 0, scored: kept?.scored ?? 0 };
}

/** A grade saved as the teacher saves it. */
const save = (kid: number, item: number) =>
  saveScore(w.teacherActor, w.collection.id, {
    studentEnrollmentId: w.kids[kid].enrollment.id,
    assessmentItemsId: fx.items[item].id,
    assessmentItemsScalesEntriesId: fx.entries.A.id,
  });

describe("collection_location_progress (kept by triggers)", () => {
  it("counts the assigned active children of a location and their grades as they are saved and cleared", async () => {
    // Three of the teacher's children and the other teacher's child are assigned at the school.
    expect(await progress(w.tree.location.id)).toEqual({ students: 4, scored: 0 });
    await save(0, 0);
    await save(0, 1);
    await save(1, 0);
    await save(1, 0); // the same grade again: no change
    expect(await progress(w.tree.location.id)).toEqual({ students: 4, scored: 3 });
    await db()
      .delete(scores)
      .where(and(eq(scores.studentEnrollmentId, w.kids[1].enrollment.id), eq(scores.dataCollectionId, w.collection.id)));
    expect(await progress(w.tree.location.id)).toEqual({ students: 4, scored: 2 });
  });

  it("moves a child's counts with their enrollment and drops them when it is deactivated or unassigned", async () => {
    const kid = w.kids[0].enrollment.id;
    await save(0, 0);
    await save(0, 1);
    expect(await progress(w.tree.location.id)).toEqual({ students: 4, scored: 2 });
    await db().update(studentEnrollments).set({ locationId: w.elsewhere.id }).where(eq(studentEnrollments.id, kid));
    expect(await progress(w.tree.location.id)).toEqual({ students: 3, scored: 0 });
    expect(await progress(w.elsewhere.id)).toEqual({ students: 1, scored: 2 });
    await db().update(studentEnrollments).set({ active: false }).where(eq(studentEnrollments.id, kid));
    expect(await progress(w.elsewhere.id)).toEqual({ students: 0, scored: 0 });
    await db().update(studentEnrollments).set({ active: true, locationId: w.tree.location.id }).where(eq(studentEnrollments.id, kid));
    expect(await progress(w.tree.location.id)).toEqual({ students: 4, scored: 2 });
    await db()
      .delete(studentDataCollectionAssignments)
      .where(and(eq(studentDataCollectionAssignments.dataCollectionId, w.collection.id), eq(studentDataCollectionAssignments.studentEnrollmentId, kid)));
    expect(await progress(w.tree.location.id)).toEqual({ students: 3, scored: 0 });
  });

  it("adds a bulk statement's grades in one pass", async () => {
    await score(
      w.tenant.id,
      w.collection.id,
      w.kids[2].enrollment.id,
      fx.items.map((i) => i.id),
      fx.entries.B.id,
    );
    expect(await progress(w.tree.location.id)).toEqual({ students: 4, scored: 3 });
  });
});
