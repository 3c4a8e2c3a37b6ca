import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import {
  assessmentHierarchyItems,
  assessmentItems,
  assessments,
  dataCollectionLocationAssignments,
  dataCollectionSetItems,
  dataCollectionSets,
  notifications,
  students,
} from "@/db/schema";
import { handlers } from "@/jobs/registry";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { GET as downloadGet } from "@/app/en/api/v1/reports/download/[id]/route";
import { POST as teacherRequest } from "@/app/en/api/v1/reports/[name]/route";
import { GET as pollGet } from "@/app/en/api/v1/user/collections/[id]/reports/[reportId]/route";
import { BASE, call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { TEST_JOB_ENV, setEnv, waitFor } from "../support/jobs";
import { assign, makeCollection, makeEnrollment, makeOrgTree, score } from "../support/school-fixtures";
import { makeScoringAssessment } from "../support/scoring-world";

setEnv(TEST_JOB_ENV);

/**
 * The class PDFs (domain-data, ela-class-skb) built by the report job from the database and read
 * back as text with pdftotext. A teacher's class of four on an A-D scale (A=1 ... D=4), items I1 and
 * I2 in domain LL (also the item set "Letters"), I3 and I4 in domain MA (in no set); scale scores
 * 202-298, levels Emerging 202-257, Approaching 258-269, Demonstrating 270-298:
 *   Abbott, Ana   all D        LL 298 D, MA 298 D, overall 298 D
 *   Baker, Ben    all B        LL 250 E, MA 250 E, overall 250 E
 *   Cole, Cleo    I1 C, I2 B   LL 262 A, MA not scored, no overall
 *   Dunn, Dora    nothing      not scored
 * Another teacher's child at the same school (Faraway, all A) must not appear.
 */

const LEVELS = [
  { code: "EMERGING", label: "Emerging Readiness", min: 202, max: 257 },
  { code: "APPROACHING", label: "Approaching Readiness", min: 258, max: 269 },
  { code: "DEMONSTRATING", label: "Demonstrating Readiness", min: 270, max: 298 },
];

let W: Awaited<ReturnType<typeof world>>;

async function world() {
  const assessment = await makeScoringAssessment(4);
  const id = assessment.assessment.id;
  await db()
    .update(assessments)
    .set({ configuration: { scaleScore: { min: 202, max: 298 }, performanceLevels: LEVELS } })
    .where(eq(assessments.id, id));
  const [ma] = await db().insert(assessmentHierarchyItems).values({ assessmentId: id, code: "MA", label: "Mathematics" }).returning();
  const [i1, i2, i3, i4] = assessment.items;
  await db()
    .update(assessmentItems)
    .set({ hierarchyItemId: ma.id })
    .where(inArray(assessmentItems.id, [i3.id, i4.id]));
  const tenant = await makeTenant();
  const tree = await makeOrgTree(tenant.id);
  const org = { regionId: tree.region.id, districtId: tree.district.id, locationId: tree.location.id };
  const teacher = await makeUser(tenant.id, {
    roles: ["ROLE_TEACHER"],
    orgs: [{ orgType: "location", id: tree.location.id }],
    firstName: "Tina",
    lastName: "Teach",
  });
  const otherTeacher = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: tree.location.id }] });
  const admin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const collection = await makeCollection(tenant.id, { assessmentId: id, schoolYearId: assessment.schoolYearId, itemIds: assessment.items.map((i) => i.id) });
  await db().insert(dataCollectionLocationAssignments).values({ tenantId: tenant.id, dataCollectionId: collection.id, locationId: tree.location.id });
  const [set] = await db()
    .insert(dataCollectionSets)
    .values({ tenantId: tenant.id, dataCollectionId: collection.id, label: "Letters", priority: 1 })
    .returning();
  await db()
    .insert(dataCollectionSetItems)
    .values([i1, i2].map((i) => ({ tenantId: tenant.id, setId: set.id, assessmentItemId: i.id })));
  const kids = [];
  for (const [first, last] of [
    ["Ana", "Abbott"],
    ["Ben", "Baker"],
    ["Cleo", "Cole"],
    ["Dora", "Dunn"],
  ]) {
    const kid = await makeEnrollment(tenant.id, org, { teacherId: teacher.id });
    await db().update(students).set({ firstName: first, lastName: last }).where(eq(students.id, kid.student.id));
    kids.push(kid);
  }
  const far = await makeEnrollment(tenant.id, org, { teacherId: otherTeacher.id });
  await db().update(students).set({ firstName: "Fay", lastName: "Faraway" }).where(eq(students.id, far.student.id));
  await assign(tenant.id, collection.id, [...kids.map((k) => k.enrollment.id), far.enrollment.id]);
  const all = assessment.items.map((i) => i.id);
  const { A, B, C, D } = assessment.entries;
  await score(tenant.id, collection.id, kids[0].enrollment.id, all, D.id);
  await score(tenant.id, collection.id, kids[1].enrollment.id, all, B.id);
  await score(tenant.id, collection.id, kids[2].enrollment.id, [i1.id], C.id);
  await score(tenant.id, collection.id, kids[2].enrollment.id, [i2.id], B.id);
  await score(tenant.id, collection.id, far.enrollment.id, all, A.id);

  const other = await makeTenant();
  const otherTree = await makeOrgTree(other.id);
  const otherTenantTeacher = await makeUser(other.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: otherTree.location.id }] });
  return {
    tenant,
    collection,
    school: tree.location.name,
    teacherId: teacher.id,
    teacher: await tokenFor(teacher),
    admin: await tokenFor(admin),
    otherTenantTeacher: await tokenFor(otherTenantTeacher),
  };
}

beforeAll(async () => {
  W = await world();
  await startWorkers(handlers);
});

afterAll(async () => {
  await stopWorkers();
});

const request = (name: string, token = W.teacher, dataCollectionId = W.collection.id, extra: Record<string, unknown> = {}) =>
  call(teacherRequest, "POST", `/en/api/v1/reports/${name}`, { token, params: { name }, body: { dataCollectionId, ...extra } });

/** Polled as the teacher's page polls it, until complete. */
async function completed(reportId: number) {
  return waitFor(
    async () => {
      const res = await call(pollGet, "GET", "/x", { token: W.teacher, params: { id: String(W.collection.id), reportId: `${reportId}.json` } });
      return ["complete", "failed"].includes(res.body.report.status) ? res.body.report : undefined;
    },
    30_000,
    `report ${reportId}`,
  );
}

/** The downloaded PDF's text (pdftotext -layout), with runs of spaces kept so table rows stay rows. */
async function pdfText(reportId: number): Promise<{ text: string; flat: string; file: string }> {
  const url = new URL(`/en/api/v1/reports/download/${reportId}`, BASE);
  const res = await downloadGet(new NextRequest(url, { headers: { authorization: `Bearer ${W.teacher}` } }), {
    params: Promise.resolve({ id: String(reportId) }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename=".+-\d+\.pdf"/);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const file = path.join(mkdtempSync(path.join(tmpdir(), "report-pdf-")), "report.pdf");
  writeFileSync(file, bytes);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  return { text, flat: text.replace(/\s+/g, " "), file };
}

/** The line of the text whose first cell is `name`, its cells split on runs of spaces. */
const cellsOf = (line: string) => line.trim().split(/\s{2,}/);
const rowOf = (text: string, name: string) =>
  text
    .split("\n")
    .map(cellsOf)
    .find((cells) => cells[0] === name);

describe("domain-data (PDF)", () => {
  it("charts the class's children per level in each domain with the class means, and lists each child's scores", async () => {
    const res = await request("domain-data");
    expect(res.status).toBe(200);
    expect(res.body.report).toMatchObject({ kind: "domain-data", status: "queued", format: "pdf" });
    const done = await completed(res.body.report.id);
    expect(done.status).toBe("complete");
    expect(done.metadata.rows).toBe(4);
    const { text, flat, file } = await pdfText(done.id);

    // A tagged PDF: title and sections as headings, the children's table as Table > TR > TH/TD.
    expect(execFileSync("pdfinfo", [file], { encoding: "utf8" })).toMatch(/Tagged:\s+yes/);
    const tree = execFileSync("pdfinfo", ["-struct-text", file], { encoding: "utf8" });
    expect(tree).toMatch(/H1 \(block\)\n\s+"Domain data"/);
    expect(tree).toMatch(/H2 \(block\)\n\s+"Scale score and level of each child"/);
    expect(tree).toMatch(/Table \(block\)\n\s+TR\n\s+TH:\n\s+\/Scope \/Column\n\s+"Child"/);
    expect(tree).toMatch(/TR\n\s+TD\n\s+"Abbott, Ana"\n\s+TD\n\s+"298"\n(\s+""\n)?\s+"Demonstrating Readiness"/);

    expect(flat).toContain("Domain data");
    expect(flat).toContain("Class: Tina Teach");
    expect(flat).toContain(`Collection: ${W.collection.collectionName}`);
    expect(flat).toContain(`School: ${W.school}`);
    expect(flat).toContain("Children: 4");
    expect(flat).toMatch(/Date: [A-Z][a-z]+ \d{1,2}, \d{4}/);
    // The legend, then each bar's counts by name (never colour alone) and the class mean.
    expect(flat).toMatch(/Legend: Emerging Readiness Approaching Readiness Demonstrating Readiness Not scored/);
    expect(flat).toMatch(/Overall .*Mean: 274 Emerging Readiness 1 · Approaching Readiness 0 · Demonstrating Readiness 1 · Not scored 2/);
    expect(flat).toMatch(/Language and Literacy \(LL\) .*Mean: 270 Emerging Readiness 1 · Approaching Readiness 1 · Demonstrating Readiness 1 · Not scored 1/);
    expect(flat).toMatch(/Mathematics \(MA\) .*Mean: 274 Emerging Readiness 1 · Approaching Readiness 0 · Demonstrating Readiness 1 · Not scored 2/);

    // The table: child, then Overall, LL, MA (score over level).
    expect(rowOf(text, "Child")).toEqual(["Child", "Overall", "LL", "MA"]);
    expect(rowOf(text, "Abbott, Ana")).toEqual(["Abbott, Ana", "298", "298", "298"]);
    expect(rowOf(text, "Baker, Ben")).toEqual(["Baker, Ben", "250", "250", "250"]);
    expect(rowOf(text, "Cole, Cleo")).toEqual(["Cole, Cleo", "Not scored", "262", "Not scored"]);
    expect(rowOf(text, "Dunn, Dora")).toEqual(["Dunn, Dora", "Not scored", "Not scored", "Not scored"]);
    const lines = text.split("\n");
    const under = (name: string) => cellsOf(lines[lines.findIndex((l) => cellsOf(l)[0] === name) + 1]);
    expect(under("Abbott, Ana")).toEqual(["Demonstrating Readiness", "Demonstrating Readiness", "Demonstrating Readiness"]);
    expect(under("Baker, Ben")).toEqual(["Emerging Readiness", "Emerging Readiness", "Emerging Readiness"]);
    expect(under("Cole, Cleo")).toEqual(["Approaching Readiness"]);
    // Only the teacher's own roster.
    expect(flat).not.toContain("Faraway");

    // The note of this report (the teacher's other reports are told too).
    const notes = await db().select().from(notifications).where(eq(notifications.userId, W.teacherId));
    const note = notes.find((n) => n.metadata.reportId === done.id)!;
    expect(note.message).toBe('Your report "Domain data" is ready to download');
    // Its link leads to the collection's reports page (lib/notifications/links.ts).
    expect(note.metadata).toMatchObject({ kind: "domain-data", dataCollectionId: W.collection.id });
  });
});

describe("ela-class-skb (PDF)", () => {
  it("charts how many children are at each rating of each skill, by item set, and lists each child's ratings", async () => {
    const res = await request("ela-class-skb");
    expect(res.status).toBe(200);
    const done = await completed(res.body.report.id);
    expect(done.status).toBe("complete");
    const { text, flat } = await pdfText(done.id);

    expect(flat).toContain("ELA class skills report");
    expect(flat).toContain("Class: Tina Teach");
    expect(flat).toContain(`Collection: ${W.collection.collectionName}`);
    // The scale's legend: codes with their labels, then "Not rated".
    expect(flat).toMatch(/A-D: A B C D N Not observed Not rated/);
    // The set "Letters" (I1, I2) first, the skills in no set after it; each bar's counts by rating code.
    expect(flat).toMatch(/Letters I1 Item 1 .*A 0 · B 1 · C 1 · D 1 · N 0 · Not rated 1/);
    expect(flat).toMatch(/I2 Item 2 .*A 0 · B 2 · C 0 · D 1 · N 0 · Not rated 1/);
    expect(flat).toMatch(/Other skills I3 Item 3 .*A 0 · B 1 · C 0 · D 1 · N 0 · Not rated 2/);
    expect(flat).toMatch(/I4 Item 4 .*A 0 · B 1 · C 0 · D 1 · N 0 · Not rated 2/);

    // The tables of children x skills, one per set.
    expect(rowOf(text, "Abbott, Ana")).toEqual(["Abbott, Ana", "D", "D"]);
    expect(rowOf(text, "Cole, Cleo")).toEqual(["Cole, Cleo", "C", "B"]);
    expect(rowOf(text, "Dunn, Dora")).toEqual(["Dunn, Dora", "-", "-"]);
    const secondTable = text.slice(text.lastIndexOf("Other skills"));
    expect(rowOf(secondTable, "Cole, Cleo")).toEqual(["Cole, Cleo", "-", "-"]);
    expect(rowOf(secondTable, "Baker, Ben")).toEqual(["Baker, Ben", "B", "B"]);
    expect(flat).not.toContain("Faraway");
  });
});

describe("ela-class-skb, priority items only", () => {
  it("shows only the skills of the collection's first item set and says so", async () => {
    const res = await request("ela-class-skb", W.teacher, W.collection.id, { priorityOnly: true });
    expect(res.status).toBe(200);
    const done = await completed(res.body.report.id);
    expect(done.status).toBe("complete");
    const { text, flat, file } = await pdfText(done.id);
    expect(flat).toContain("Items: Priority items only");
    expect(flat).toMatch(/Letters I1 Item 1 .*A 0 · B 1 · C 1 · D 1 · N 0 · Not rated 1/);
    expect(flat).not.toContain("Other skills");
    expect(flat).not.toContain("I3 Item 3");
    expect(rowOf(text, "Cole, Cleo")).toEqual(["Cole, Cleo", "C", "B"]);
    const tree = execFileSync("pdfinfo", ["-struct-text", file], { encoding: "utf8" });
    expect(tree).toMatch(/H3 \(block\)\n\s+"Letters"/);
  });

  it("refuses a priorityOnly that is not true or false", async () => {
    const res = await request("ela-class-skb", W.teacher, W.collection.id, { priorityOnly: "yes" });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("Must be true or false");
  });
});

describe("class PDF requests", () => {
  it("refuses another role (403) and another tenant's collection (404)", async () => {
    expect((await request("domain-data", W.admin)).status).toBe(403);
    expect((await request("ela-class-skb", W.admin)).status).toBe(403);
    const theirs = await request("domain-data", W.otherTenantTeacher);
    expect(theirs.status).toBe(404);
    expect((await request("ela-class-skb", W.otherTenantTeacher)).status).toBe(404);
  });

  it("serves the PDF to its requester only", async () => {
    const res = await request("domain-data");
    const done = await completed(res.body.report.id);
    const other = await call(downloadGet, "GET", "/x", { token: W.otherTenantTeacher, params: { id: String(done.id) } });
    expect(other.status).toBe(404);
    const admin = await call(downloadGet, "GET", "/x", { token: W.admin, params: { id: String(done.id) } });
    expect(admin.status).toBe(404);
  });
});
