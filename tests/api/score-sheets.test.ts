import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { and, count, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { scoreHistory, scoreSheets, scores, students } from "@/db/schema";
import { POST as sheetPost } from "@/app/en/api/v1/score-sheet/template/route";
import { POST as classPost } from "@/app/en/api/v1/score-sheet/template/all/route";
import { GET as historyGet } from "@/app/en/api/v1/score-sheet/history/route";
import { BASE, call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { makeScoringAssessment, makeScoringWorld, type ScoringWorld } from "../support/scoring-world";
import { useLocalStorage, type StorageUnderTest } from "../support/storage";

const run = promisify(execFile);

/** A teacher's class of three in an open collection (scoring-world), another teacher's child, an admin, another tenant's teacher. */
let W: ScoringWorld;
let store: StorageUnderTest;
let foreignTeacher: string;
let dir: string;

beforeAll(async () => {
  store = await useLocalStorage();
  dir = await mkdtemp(path.join(os.tmpdir(), "sheets-"));
  W = await makeScoringWorld(await makeScoringAssessment(4), 3);
  await db().update(students).set({ firstName: "Paige", lastName: "Sheetley", tenantUniqueId: "000451" }).where(eq(students.id, W.kids[0].student.id));
  const other = await makeTenant();
  foreignTeacher = await tokenFor(await makeUser(other.id, { roles: ["ROLE_TEACHER"] }));
});

afterAll(async () => {
  await store.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The PDF's text, as pdftotext (poppler) reads it. */
async function pdfText(bytes: Buffer, name: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  const { stdout } = await run("pdftotext", ["-layout", file, "-"]);
  return stdout;
}

async function sheet(token: string, body: Record<string, unknown>) {
  const req = new NextRequest(new URL("/en/api/v1/score-sheet/template", BASE), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const res = await sheetPost(req, { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const scoreCount = async () => {
  const [a] = await db().select({ n: count() }).from(scores).where(eq(scores.tenantId, W.tenant.id));
  const [b] = await db().select({ n: count() }).from(scoreHistory).where(eq(scoreHistory.tenantId, W.tenant.id));
  return a.n + b.n;
};

describe("POST /score-sheet/template", () => {
  it("answers one child's blank sheet: the collection's items by domain with the scale's entries as boxes", async () => {
    const res = await sheet(W.teacherToken, { dataCollectionId: W.collection.id, studentEnrollmentId: W.kids[0].enrollment.id });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`score-sheet-${W.kids[0].enrollment.id}.pdf`);
    const text = await pdfText(res.bytes, "blank.pdf");
    expect(text).toContain(`Score sheet: ${W.collection.collectionName}`);
    expect(text).toContain("Paige Sheetley");
    expect(text).toContain("000451");
    expect(text).toContain("Language and Literacy");
    expect(text).toMatch(/\[ *\] ?D\b/);
    expect(text).toContain("Not observed");
    expect(text).not.toContain("[X]");
    expect(text).not.toContain("Practice sheet");
  });

  it("ticks one entry per item at random for training, and writes no score", async () => {
    const before = await scoreCount();
    const res = await sheet(W.teacherToken, { dataCollectionId: W.collection.id, studentEnrollmentId: W.kids[1].enrollment.id, generateRandomScores: true });
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes, "practice.pdf");
    expect(text).toContain("Practice sheet: random scores for training. Nothing on this sheet is saved.");
    expect(text.match(/\[X\]/g)).toHaveLength(4);
    expect(await scoreCount()).toBe(before);
    const history = await call(historyGet, "GET", "/en/api/v1/score-sheet/history", {
      token: W.teacherToken,
      query: { dataCollectionId: W.collection.id, studentEnrollmentId: W.kids[1].enrollment.id },
    });
    expect(history.status).toBe(200);
    expect(history.body.scoreSheets).toHaveLength(1);
  });

  it("validates the body (400)", async () => {
    const res = await call(sheetPost, "POST", "/en/api/v1/score-sheet/template", { token: W.teacherToken, body: { dataCollectionId: "x", generateRandomScores: "yes" } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["dataCollectionId", "generateRandomScores", "studentEnrollmentId"]);
  });

  it("answers 404 for another teacher's child, another tenant, and 403 for an admin", async () => {
    expect((await sheet(W.teacherToken, { dataCollectionId: W.collection.id, studentEnrollmentId: W.otherKid.enrollment.id })).status).toBe(404);
    expect((await sheet(foreignTeacher, { dataCollectionId: W.collection.id, studentEnrollmentId: W.kids[0].enrollment.id })).status).toBe(404);
    expect((await sheet(W.adminToken, { dataCollectionId: W.collection.id, studentEnrollmentId: W.kids[0].enrollment.id })).status).toBe(403);
  });
});

describe("POST /score-sheet/template/all", () => {
  it("answers a URL of the class's PDF: one page per rostered child, kept in the history", async () => {
    const res = await call(classPost, "POST", "/en/api/v1/score-sheet/template/all", { token: W.teacherToken, body: { dataCollectionId: W.collection.id } });
    expect(res.status).toBe(200);
    expect(res.body.fileName).toBe(`score-sheets-collection-${W.collection.id}.pdf`);
    const [row] = await db()
      .select()
      .from(scoreSheets)
      .where(and(eq(scoreSheets.tenantId, W.tenant.id), eq(scoreSheets.dataCollectionId, W.collection.id), eq(scoreSheets.originalFileName, res.body.fileName)));
    const object = await store.driver.getObject(row.s3FileName);
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    const text = await pdfText(Buffer.concat(chunks), "class.pdf");
    expect(text.match(/Score sheet: /g)).toHaveLength(3);
    expect(text).toContain("Paige Sheetley");
    expect(text).not.toContain(W.otherKid.student.lastName);
    expect(typeof res.body.url).toBe("string");
    const history = await call(historyGet, "GET", "/en/api/v1/score-sheet/history", { token: W.teacherToken, query: { dataCollectionId: W.collection.id } });
    expect(history.body.scoreSheets.length).toBeGreaterThanOrEqual(1);
  });

  it("answers 400 for a bad body, 404 for another tenant's teacher and 403 for an admin", async () => {
    expect((await call(classPost, "POST", "/p", { token: W.teacherToken, body: {} })).status).toBe(400);
    expect((await call(classPost, "POST", "/p", { token: foreignTeacher, body: { dataCollectionId: W.collection.id } })).status).toBe(404);
    expect((await call(classPost, "POST", "/p", { token: W.adminToken, body: { dataCollectionId: W.collection.id } })).status).toBe(403);
  });
});
