import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { and, count, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { notifications, scoreHistory, scoreSheets, scores, students } from "@/db/schema";
import { handlers } from "@/jobs/registry";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { POST as sheetPost } from "@/app/en/api/v1/score-sheet/template/route";
import { POST as classPost } from "@/app/en/api/v1/score-sheet/template/all/route";
import { GET as historyGet } from "@/app/en/api/v1/score-sheet/history/route";
import { GET as statusGet } from "@/app/en/api/v1/score-sheet/[id]/route";
import { GET as downloadGet } from "@/app/en/api/v1/score-sheet/[id]/download/route";
import { BASE, call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { makeScoringAssessment, makeScoringWorld, type ScoringWorld } from "../support/scoring-world";
import { useLocalStorage, type StorageUnderTest } from "../support/storage";
import { TEST_JOB_ENV, setEnv, waitFor } from "../support/jobs";

setEnv(TEST_JOB_ENV);

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
  await startWorkers(handlers);
}, 60_000);

afterAll(async () => {
  await stopWorkers();
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
    // A tagged PDF (as the ISR): its title a heading, its language and title set.
    const tree = (await run("pdfinfo", ["-struct-text", path.join(dir, "blank.pdf")])).stdout;
    expect(tree).toContain(`H1 (block)\n    "Score sheet: ${W.collection.collectionName}"`);
    expect((await run("pdfinfo", [path.join(dir, "blank.pdf")])).stdout).toMatch(/Tagged:\s+yes/);
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
    const res = await call(sheetPost, "POST", "/en/api/v1/score-sheet/template", {
      token: W.teacherToken,
      body: { dataCollectionId: "x", generateRandomScores: "yes" },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["dataCollectionId", "generateRandomScores", "studentEnrollmentId"]);
  });

  it("answers 404 for another teacher's child, another tenant, and 403 for an admin", async () => {
    expect((await sheet(W.teacherToken, { dataCollectionId: W.collection.id, studentEnrollmentId: W.otherKid.enrollment.id })).status).toBe(404);
    expect((await sheet(foreignTeacher, { dataCollectionId: W.collection.id, studentEnrollmentId: W.kids[0].enrollment.id })).status).toBe(404);
    expect((await sheet(W.adminToken, { dataCollectionId: W.collection.id, studentEnrollmentId: W.kids[0].enrollment.id })).status).toBe(403);
  });
});

const status = (token: string, id: number) => call(statusGet, "GET", `/en/api/v1/score-sheet/${id}`, { token, params: { id: String(id) } });
const download = (token: string, id: number) => call(downloadGet, "GET", `/en/api/v1/score-sheet/${id}/download`, { token, params: { id: String(id) } });

describe("POST /score-sheet/template/all", () => {
  it("queues a job and answers the URL of the class's PDF: one page per rostered child, kept in the history, the teacher told", async () => {
    const res = await call(classPost, "POST", "/en/api/v1/score-sheet/template/all", { token: W.teacherToken, body: { dataCollectionId: W.collection.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "queued",
      fileName: `score-sheets-collection-${W.collection.id}.pdf`,
      url: `/en/api/v1/score-sheet/${res.body.id}/download`,
    });
    const done = await waitFor(
      async () => {
        const s = await status(W.teacherToken, res.body.id);
        return s.body.status === "complete" ? s : undefined;
      },
      60_000,
      "the class sheet",
    );
    expect(done.body.error).toBeNull();
    const link = await download(W.teacherToken, res.body.id);
    expect(link.status).toBe(302);
    const [row] = await db()
      .select()
      .from(scoreSheets)
      .where(and(eq(scoreSheets.tenantId, W.tenant.id), eq(scoreSheets.id, res.body.id)));
    expect(row.enrollmentIds?.sort()).toEqual(W.kids.map((k) => k.enrollment.id).sort());
    const object = await store.driver.getObject(row.s3FileName);
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    const text = await pdfText(Buffer.concat(chunks), "class.pdf");
    expect(text.match(/Score sheet: /g)).toHaveLength(3);
    expect(text).toContain("Paige Sheetley");
    expect(text).not.toContain(W.otherKid.student.lastName);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.tenantId, W.tenant.id), eq(notifications.userId, W.teacher.id)));
    expect(told.map((n) => n.message)).toContain("Your class's score sheets are ready to download");
    const history = await call(historyGet, "GET", "/en/api/v1/score-sheet/history", { token: W.teacherToken, query: { dataCollectionId: W.collection.id } });
    expect(history.body.scoreSheets.map((s: { id: number }) => s.id)).toContain(res.body.id);
  });

  it("answers 409 for a sheet still being built, and it is not in the history yet", async () => {
    const [queued] = await db()
      .insert(scoreSheets)
      .values({
        tenantId: W.tenant.id,
        dataCollectionId: W.collection.id,
        createdBy: W.teacher.id,
        originalFileName: "x.pdf",
        s3FileName: "x",
        status: "queued",
        enrollmentIds: [],
      })
      .returning();
    const res = await download(W.teacherToken, queued.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("The score sheets are not ready yet");
    const history = await call(historyGet, "GET", "/en/api/v1/score-sheet/history", { token: W.teacherToken, query: { dataCollectionId: W.collection.id } });
    expect(history.body.scoreSheets.map((s: { id: number }) => s.id)).not.toContain(queued.id);
    await db().delete(scoreSheets).where(eq(scoreSheets.id, queued.id));
  });

  it("answers 400 for a bad body, 404 for another tenant's teacher and 403 for an admin", async () => {
    expect((await call(classPost, "POST", "/p", { token: W.teacherToken, body: {} })).status).toBe(400);
    expect((await call(classPost, "POST", "/p", { token: foreignTeacher, body: { dataCollectionId: W.collection.id } })).status).toBe(404);
    expect((await call(classPost, "POST", "/p", { token: W.adminToken, body: { dataCollectionId: W.collection.id } })).status).toBe(403);
  });

  it("keeps a class sheet to the teacher who asked: another teacher or tenant 404, an admin 403, a bad id 400", async () => {
    const asked = await call(classPost, "POST", "/en/api/v1/score-sheet/template/all", { token: W.teacherToken, body: { dataCollectionId: W.collection.id } });
    expect(asked.status).toBe(200);
    const sheet = { id: asked.body.id as number };
    expect((await status(W.teacherToken, sheet.id)).status).toBe(200);
    expect((await status(W.otherTeacherToken, sheet.id)).status).toBe(404);
    expect((await download(foreignTeacher, sheet.id)).status).toBe(404);
    expect((await status(W.adminToken, sheet.id)).status).toBe(403);
    expect((await call(statusGet, "GET", "/p", { token: W.teacherToken, params: { id: "abc" } })).status).toBe(400);
  });
});
