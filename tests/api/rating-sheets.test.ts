import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { students, userFeatures } from "@/db/schema";
import { POST as ratingPost } from "@/app/en/api/v1/rating-sheet/route";
import { saveScore } from "@/lib/scoring/scores";
import { BASE, call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";

const run = promisify(execFile);

/** A teacher with the rating-sheet flag and a class of three (one child rated B on the first item), a colleague without the flag, an admin, another tenant's flagged teacher. */
let A: ScoringAssessment;
let W: ScoringWorld;
let foreignTeacher: string;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "rating-"));
  A = await makeScoringAssessment(4);
  W = await makeScoringWorld(A, 3);
  await db().update(students).set({ firstName: "Rita", lastName: "Aardvark", tenantUniqueId: "000777" }).where(eq(students.id, W.kids[0].student.id));
  await db().insert(userFeatures).values({ tenantId: W.tenant.id, userId: W.teacher.id, feature: "KRA_APP_CAPTURE_RATINGS_SHEET" });
  await saveScore(W.teacherActor, W.collection.id, {
    studentEnrollmentId: W.kids[0].enrollment.id,
    assessmentItemsId: A.items[0].id,
    assessmentItemsScalesEntriesId: A.entries.B.id,
  });
  const other = await makeTenant();
  const foreign = await makeUser(other.id, { roles: ["ROLE_TEACHER"] });
  await db().insert(userFeatures).values({ tenantId: other.id, userId: foreign.id, feature: "KRA_APP_CAPTURE_RATINGS_SHEET" });
  foreignTeacher = await tokenFor(foreign);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function pdfText(bytes: Buffer, name: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  const { stdout } = await run("pdftotext", ["-layout", file, "-"]);
  return stdout;
}

async function sheet(token: string, body: Record<string, unknown>) {
  const req = new NextRequest(new URL("/en/api/v1/rating-sheet", BASE), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const res = await ratingPost(req, { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("POST /rating-sheet", () => {
  it("answers the class's blank rating sheet: a legend of items and scales, a row per rostered child, a column per item", async () => {
    const res = await sheet(W.teacherToken, { dataCollectionId: W.collection.id });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`rating-sheet-collection-${W.collection.id}.pdf`);
    const text = await pdfText(res.bytes, "blank.pdf");
    expect(text).toContain(`Rating sheet: ${W.collection.collectionName}`);
    // A tagged PDF (as the ISR): its title a heading, its language and title set.
    const tree = (await run("pdfinfo", ["-struct-text", path.join(dir, "blank.pdf")])).stdout;
    expect(tree).toContain(`H1 (block)\n    "Rating sheet: ${W.collection.collectionName}"`);
    expect((await run("pdfinfo", [path.join(dir, "blank.pdf")])).stdout).toMatch(/Tagged:\s+yes/);
    expect(text).toContain("Items and their rating scales");
    expect(text).toContain("N = Not observed");
    for (const item of A.items) expect(text).toContain(item.code);
    expect(text).toContain("Rita Aardvark");
    expect(text).toContain("000777");
    expect(text).not.toContain(W.otherKid.student.lastName);
    expect(text).not.toContain("[X]");
  });

  it("ticks the recorded ratings with includeScores", async () => {
    const res = await sheet(W.teacherToken, { dataCollectionId: W.collection.id, includeScores: true });
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes, "scores.pdf");
    expect(text).toContain("Ticked boxes are the ratings recorded when this sheet was printed.");
    expect(text.match(/\[X\] B/g)).toHaveLength(1);
    expect(text.match(/\[X\]/g)).toHaveLength(1);
  });

  it("validates the body (400)", async () => {
    const res = await call(ratingPost, "POST", "/en/api/v1/rating-sheet", { token: W.teacherToken, body: { dataCollectionId: "x", includeScores: "yes" } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["dataCollectionId", "includeScores"]);
  });

  it("answers 403 without the flag or for an admin, 404 for another tenant's teacher or a class with nobody rostered", async () => {
    const denied = await call(ratingPost, "POST", "/p", { token: W.otherTeacherToken, body: { dataCollectionId: W.collection.id } });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe("This feature is not enabled for your account");
    expect((await call(ratingPost, "POST", "/p", { token: W.adminToken, body: { dataCollectionId: W.collection.id } })).status).toBe(403);
    expect((await call(ratingPost, "POST", "/p", { token: foreignTeacher, body: { dataCollectionId: W.collection.id } })).status).toBe(404);
    const empty = await call(ratingPost, "POST", "/p", { token: foreignTeacher, body: { dataCollectionId: 2_000_000_000 } });
    expect(empty.status).toBe(404);
  });
});
