import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as displayGet } from "@/app/en/api/v1/data-displays/[role]/[type]/route";
import { GET as resultGet } from "@/app/en/api/v1/data-displays/results/route";
import { DELETE as filterDelete } from "@/app/en/api/v1/data-collections-filters/[id]/route";
import { GET as filtersGet, POST as filterPost, PUT as filterPut } from "@/app/en/api/v1/data-collections-filters/route";
import { GET as filterJsonGet } from "@/app/en/api/v1/user/collections/[id]/filters/[filterId]/route";
import { GET as periodsGet, POST as periodPost } from "@/app/en/api/v1/data-collections/[id]/checkpoint-periods/route";
import { DELETE as periodDelete, PUT as periodPut } from "@/app/en/api/v1/data-collections/[id]/checkpoint-periods/[periodId]/route";
import { POST as layersPost } from "@/app/en/api/v1/data-displays/layers/route";
import { db } from "@/db/client";
import {
  assessments,
  auditLog,
  dataCollections,
  students,
  dataDisplayFilters,
  scores,
  studentDataCollectionAssignments,
  studentEnrollments,
  studentResults,
} from "@/db/schema";
import { adminPosition, collectionFacts, totalsStats, unitStats, type DrillInput } from "@/lib/displays/compute";
import { openDisplay } from "@/lib/displays/service";
import { forTenant } from "@/lib/platform/tenancy";
import { call, tokenFor } from "../support/api";
import { makeUser } from "../support/factories";
import { assign, makeEnrollment, makeOrgTree, score } from "../support/school-fixtures";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";

/*
 * A small world whose results are known by hand. Four LL items on the A-D scale (1-4 points), no
 * scale table: a score is the percent of the 16 points. Levels: EMERGING 0-49, APPROACHING 50-74,
 * DEMONSTRATING 75-100. The teacher's three children score all A (25), all B (50) and all D (100);
 * the other teacher's child all C (75); a child at the district's other school has one item only.
 */
const LEVELS = [
  { code: "EMERGING", label: "Emerging Readiness", min: 0, max: 49 },
  { code: "APPROACHING", label: "Approaching Readiness", min: 50, max: 74 },
  { code: "DEMONSTRATING", label: "Demonstrating Readiness", min: 75, max: 100 },
];

let assessment: ScoringAssessment;
let a: ScoringWorld;
let b: ScoringWorld;
let partialKid: number;
let tokens: { district: string; location: string; elsewhere: string };

beforeAll(async () => {
  assessment = await makeScoringAssessment(4);
  await db()
    .update(assessments)
    .set({ configuration: { performanceLevels: LEVELS, pldVersion: 1, domainVersion: 1 } })
    .where(eq(assessments.id, assessment.assessment.id));
  a = await makeScoringWorld(assessment);
  b = await makeScoringWorld(assessment);
  const items = assessment.items.map((i) => i.id);
  const [k1, k2, k3] = a.kids.map((k) => k.enrollment.id);
  await score(a.tenant.id, a.collection.id, k1, items, assessment.entries.A.id);
  await score(a.tenant.id, a.collection.id, k2, items, assessment.entries.B.id);
  await score(a.tenant.id, a.collection.id, k3, items, assessment.entries.D.id);
  await score(a.tenant.id, a.collection.id, a.otherKid.enrollment.id, items, assessment.entries.C.id);
  const far = await makeEnrollment(a.tenant.id, { ...a.org, locationId: a.elsewhere.id });
  partialKid = far.enrollment.id;
  await assign(a.tenant.id, a.collection.id, [partialKid]);
  await score(a.tenant.id, a.collection.id, partialKid, items.slice(0, 1), assessment.entries.D.id);
  const admin = (orgType: "location" | "district", id: number) =>
    makeUser(a.tenant.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType, id, administrative: true }] });
  tokens = {
    district: await tokenFor(await admin("district", a.tree.district.id)),
    location: await tokenFor(await admin("location", a.tree.location.id)),
    elsewhere: await tokenFor(await admin("location", a.elsewhere.id)),
  };
});

const displayPath = (role: string, type: string) => `/en/api/v1/data-displays/${role}/${type}`;
const askUrl = (token: string, role: string, type: string, query: Record<string, string | number>) =>
  call(displayGet, "GET", displayPath(role, type), { token, params: { role, type }, query });

/** The spec's two steps: ask for the URL, then fetch it (without any session). */
async function display(token: string, role: string, type: string, query: Record<string, string | number>) {
  const asked = await askUrl(token, role, type, query);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const url = new URL(asked.body.url);
  const fetched = await call(resultGet, "GET", `${url.pathname}${url.search}`);
  expect(fetched.status).toBe(200);
  return fetched.body;
}

const levels = (e: number, ap: number, d: number) => ({ EMERGING: e, APPROACHING: ap, DEMONSTRATING: d });

describe("GET /data-displays/teacher/{type}", () => {
  it("answers a URL whose display holds the teacher's class: levels and domain scores as the scores imply", async () => {
    const body = await display(a.teacherToken, "teacher", "pld", { dataCollectionId: a.collection.id });
    expect(body).toMatchObject({ role: "teacher", type: "pld", pldVersion: 1, domainVersion: 1, domain: "LL", scope: { kind: "class", name: "My class" } });
    expect(body.levels).toEqual(LEVELS);
    expect(body.total).toEqual({
      students: 3,
      assessed: 3,
      levels: levels(1, 1, 1),
      domains: { LL: { assessed: 3, mean: 58.3, levels: levels(1, 1, 1) } },
    });
    expect(body.children).toEqual([]);
    const rows = body.students as { overall_score: number; LL_score: number; MA_score: null; performance_level: string; progress: number }[];
    expect(rows.map((r) => r.overall_score).sort((x, y) => x - y)).toEqual([25, 50, 100]);
    expect(rows.every((r) => r.LL_score === r.overall_score && r.MA_score === null && r.progress === 100)).toBe(true);
    expect(Object.keys(body.students[0]).sort()).toEqual(
      [
        "id",
        "first_name",
        "last_name",
        "gender",
        "iep",
        "ell",
        "ses",
        "race",
        "school_id",
        "district_id",
        "region_id",
        "cares",
        "overall_score",
        "LL_score",
        "MA_score",
        "SF_score",
        "PD_score",
        "performance_level",
        "progress",
        "scored_at",
      ].sort(),
    );
  });

  it("keeps the single-domain view to its domain (LL by default) and refuses a domain the collection lacks", async () => {
    const single = await display(a.teacherToken, "teacher", "single-domain", { dataCollectionId: a.collection.id });
    expect(single.domains).toEqual([{ code: "LL", label: "Language and Literacy" }]);
    const missing = await askUrl(a.teacherToken, "teacher", "single-domain", { dataCollectionId: a.collection.id, domain: "MA" });
    expect(missing.status).toBe(400);
    const unknownType = await askUrl(a.teacherToken, "teacher", "pie", { dataCollectionId: a.collection.id });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.message).toBe("Type must be one of pld, domains, single-domain, students");
  });

  it("answers 404 for another tenant's or an unassigned collection, and 403 on the admin endpoint", async () => {
    expect((await askUrl(b.teacherToken, "teacher", "pld", { dataCollectionId: a.collection.id })).status).toBe(404);
    expect((await askUrl(a.teacherToken, "teacher", "pld", { dataCollectionId: b.collection.id })).status).toBe(404);
    const admin = await askUrl(a.teacherToken, "admin", "pld", { dataCollectionId: a.collection.id });
    expect(admin.status).toBe(403);
    expect(admin.body.message).toBe("Token does not have the required permissions");
    expect((await askUrl(a.adminToken, "teacher", "pld", { dataCollectionId: a.collection.id })).status).toBe(403);
  });
});

describe("GET /data-displays/admin/{type}", () => {
  it("drills from the state to a region, a district, a school and a class with the same figures at each level", async () => {
    const q = { dataCollectionId: a.collection.id };
    const state = await display(a.adminToken, "admin", "pld", q);
    expect(state.scope.kind).toBe("state");
    expect(state.total).toMatchObject({ students: 5, assessed: 4, levels: levels(1, 1, 2) });
    expect(state.children).toEqual([
      expect.objectContaining({ kind: "region", id: a.tree.region.id, stats: expect.objectContaining({ students: 5, assessed: 4 }) }),
    ]);
    expect(state.students).toBeNull();

    const region = await display(a.adminToken, "admin", "domains", { ...q, regionId: a.tree.region.id });
    expect(region.children.map((c: { kind: string; id: number }) => [c.kind, c.id])).toEqual([["district", a.tree.district.id]]);
    expect(region.total.domains.LL).toEqual({ assessed: 4, mean: 62.5, levels: levels(1, 1, 2) });

    const district = await display(a.adminToken, "admin", "pld", { ...q, regionId: a.tree.region.id, districtId: a.tree.district.id });
    const byId = new Map(district.children.map((c: { id: number; stats: unknown }) => [c.id, c.stats]));
    expect(byId.get(a.tree.location.id)).toMatchObject({ students: 4, assessed: 4, levels: levels(1, 1, 2) });
    expect(byId.get(a.elsewhere.id)).toMatchObject({ students: 1, assessed: 0, levels: levels(0, 0, 0) });
    expect(district.path.map((p: { kind: string }) => p.kind)).toEqual(["state", "region", "district"]);
    // A district's chart comes without progress rows; the students view lists its fully scored children.
    expect(district.students).toBeNull();
    const listed = await display(a.adminToken, "admin", "students", { ...q, regionId: a.tree.region.id, districtId: a.tree.district.id });
    expect(listed.total).toEqual(district.total);
    expect(listed.students.map((s: { overall_score: number }) => s.overall_score).sort((x: number, y: number) => x - y)).toEqual([25, 50, 75, 100]);

    const school = await display(a.adminToken, "admin", "pld", {
      ...q,
      regionId: a.tree.region.id,
      districtId: a.tree.district.id,
      locationId: a.tree.location.id,
    });
    const classes = new Map(school.children.map((c: { id: number; kind: string; stats: { students: number; levels: unknown } }) => [c.id, c]));
    expect(classes.get(a.teacher.id)).toMatchObject({ kind: "class", stats: { students: 3, levels: levels(1, 1, 1) } });
    expect(classes.get(a.otherTeacher.id)).toMatchObject({ kind: "class", stats: { students: 1, levels: levels(0, 0, 1) } });

    const cls = await display(a.adminToken, "admin", "students", {
      ...q,
      regionId: a.tree.region.id,
      districtId: a.tree.district.id,
      locationId: a.tree.location.id,
      teacherId: a.otherTeacher.id,
    });
    expect(cls.scope.kind).toBe("class");
    expect(cls.students.map((s: { overall_score: number }) => s.overall_score)).toEqual([75]);
  });

  it("counts only what an admin reaches; a place outside their reach or another tenant's answers 404", async () => {
    const q = { dataCollectionId: a.collection.id };
    const atSchool = await display(tokens.location, "admin", "pld", q);
    expect(atSchool.total).toMatchObject({ students: 4, assessed: 4 });
    const district = await display(tokens.district, "admin", "pld", q);
    expect(district.total).toMatchObject({ students: 5, assessed: 4 });
    const outside = await askUrl(tokens.location, "admin", "pld", {
      ...q,
      regionId: a.tree.region.id,
      districtId: a.tree.district.id,
      locationId: a.elsewhere.id,
    });
    expect(outside.status).toBe(404);
    // The collection is assigned to the other school only: out of this admin's reach entirely.
    expect((await askUrl(tokens.elsewhere, "admin", "pld", q)).status).toBe(404);
    expect((await askUrl(b.adminToken, "admin", "pld", q)).status).toBe(404);
    expect((await askUrl(a.adminToken, "admin", "pld", { ...q, regionId: b.tree.region.id })).status).toBe(404);
    const noParent = await askUrl(a.adminToken, "admin", "pld", { ...q, districtId: a.tree.district.id });
    expect(noParent.status).toBe(400);
    expect(noParent.body.errors).toEqual([{ field: "regionId", message: "Region is required" }]);
    expect((await askUrl(a.adminToken, "admin", "students", q)).status).toBe(400);
  });

  it("reuses an admin's computed display for the same view within a minute", async () => {
    const first = await askUrl(a.adminToken, "admin", "pld", { dataCollectionId: a.collection.id });
    const second = await askUrl(a.adminToken, "admin", "pld", { dataCollectionId: a.collection.id });
    expect(new URL(second.body.url).searchParams.get("id")).toBe(new URL(first.body.url).searchParams.get("id"));
  });
});

describe("the signed display URL", () => {
  it("expires after five minutes and refuses any change or a missing signature with 403", async () => {
    const asked = await askUrl(a.teacherToken, "teacher", "pld", { dataCollectionId: a.collection.id });
    const url = new URL(asked.body.url);
    expect(asked.body.expiresAt).toBe(Number(url.searchParams.get("expires")));
    expect((await openDisplay(url)).total.students).toBe(3);
    await expect(openDisplay(url, Date.now() + 301_000)).rejects.toMatchObject({ status: 403, message: "This link has expired" });
    const tampered = new URL(url);
    tampered.searchParams.set("tenant", String(b.tenant.id));
    const res = await call(resultGet, "GET", `${tampered.pathname}${tampered.search}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("This link's signature is not valid");
    const bare = await call(resultGet, "GET", `${url.pathname}?id=${url.searchParams.get("id")}&tenant=${a.tenant.id}`);
    expect(bare.status).toBe(403);
    expect(bare.body.message).toBe("This link is not signed");
  });
});

describe("saved data-display filters", () => {
  const send = (handler: typeof filterPost, method: string, token: string, body?: unknown) =>
    call(handler, method, "/en/api/v1/data-collections-filters", { token, body });
  const list = (token: string, dataCollectionId: number) =>
    call(filtersGet, "GET", "/en/api/v1/data-collections-filters", { token, query: { dataCollectionId } });

  it("creates, reads, edits and deletes one's own filter with the spec's text; dates become unix seconds", async () => {
    // A world of its own: the teacher's list holds this filter only.
    const f = await makeScoringWorld(assessment);
    const metadata = JSON.stringify({ filterType: "DATA_FILTERS", fromDate: "2026-09-01", toDate: 1790000000, levels: ["EMERGING"] });
    const created = await send(filterPost, "POST", f.teacherToken, { name: " Fall ", color: "#1565c0", dataCollectionsId: f.collection.id, metadata });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe("Filters successfully updated");
    expect(created.body.filter).toMatchObject({
      name: "Fall",
      color: "#1565c0",
      dataCollectionsId: f.collection.id,
      collectionId: f.collection.id,
      filterType: "DATA_FILTERS",
    });
    expect(JSON.parse(created.body.filter.metadata)).toEqual({ filterType: "DATA_FILTERS", fromDate: 1788220800, toDate: 1790000000, levels: ["EMERGING"] });
    const id = created.body.filter.id as number;

    const listed = await list(f.teacherToken, f.collection.id);
    expect(listed.body.filters.map((f: { id: number }) => f.id)).toEqual([id]);
    const one = await call(filterJsonGet, "GET", `/en/api/v1/user/collections/${f.collection.id}/filters/${id}.json`, {
      token: f.teacherToken,
      params: { id: String(f.collection.id), filterId: `${id}.json` },
    });
    expect(one.status).toBe(200);
    expect(one.body.filter.id).toBe(id);

    // The colour left out of the edit keeps its value.
    const edited = await send(filterPut, "PUT", f.teacherToken, {
      id,
      name: "Spring",
      collectionId: f.collection.id,
      metadata: { filterType: "VIEW_SETTINGS_FILTERS", scores: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      message: "Filters successfully updated",
      filter: { name: "Spring", filterType: "VIEW_SETTINGS_FILTERS", color: "#1565c0" },
    });
    // So do the name and metadata: a colour alone changes the colour.
    const recoloured = await send(filterPut, "PUT", f.teacherToken, { id, collectionId: f.collection.id, color: "#2e7d32" });
    expect(recoloured.status).toBe(200);
    expect(recoloured.body.filter).toMatchObject({ name: "Spring", filterType: "VIEW_SETTINGS_FILTERS", color: "#2e7d32" });
    expect(JSON.parse(recoloured.body.filter.metadata)).toMatchObject({ scores: true });

    const gone = await call(filterDelete, "DELETE", `/en/api/v1/data-collections-filters/${id}`, { token: f.teacherToken, params: { id: String(id) } });
    expect(gone.body).toEqual({ message: "Filters successfully updated" });
    expect((await list(f.teacherToken, f.collection.id)).body.filters).toEqual([]);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, f.tenant.id), eq(auditLog.entityType, "data_display_filter"), eq(auditLog.entityId, id)));
    expect(audit.map((r) => r.action).sort()).toEqual(["create", "delete", "update", "update"]);
  });

  it("refuses an unknown filter type, bad JSON, a bad date or no name with 400, saving nothing", async () => {
    const before = (await db().select().from(dataDisplayFilters).where(eq(dataDisplayFilters.tenantId, a.tenant.id))).length;
    const base = { name: "X", dataCollectionsId: a.collection.id };
    const unknown = await send(filterPost, "POST", a.teacherToken, { ...base, metadata: JSON.stringify({ filterType: "PIE_FILTERS" }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      "Filter type must be one of DATA_FILTERS, VIEW_SETTINGS_FILTERS, VISIBLE_ITEMS_FILTERS, CUSTOM_LISTS_FILTERS, OTHER_FILTERS",
    );
    expect((await send(filterPost, "POST", a.teacherToken, { ...base, metadata: "{not json" })).body.message).toBe("Metadata must be a JSON object");
    expect((await send(filterPost, "POST", a.teacherToken, { ...base, metadata: { filterType: "DATA_FILTERS", fromDate: "someday" } })).body.message).toBe(
      "Dates must be unix seconds or a date such as 2026-09-01",
    );
    expect((await send(filterPost, "POST", a.teacherToken, { ...base, name: " ", metadata: { filterType: "DATA_FILTERS" } })).body.message).toBe(
      "Name is required",
    );
    expect((await send(filterPost, "POST", a.teacherToken, { name: "X", metadata: { filterType: "DATA_FILTERS" } })).body.errors).toEqual([
      { field: "dataCollectionsId", message: "Data collection is required" },
    ]);
    expect((await db().select().from(dataDisplayFilters).where(eq(dataDisplayFilters.tenantId, a.tenant.id))).length).toBe(before);
  });

  it("keeps filters to their owner: another teacher or tenant gets 404, and a wrong role 403", async () => {
    const created = await send(filterPost, "POST", a.teacherToken, {
      name: "Mine",
      dataCollectionsId: a.collection.id,
      metadata: { filterType: "OTHER_FILTERS" },
    });
    const id = created.body.filter.id as number;
    expect((await list(a.otherTeacherToken, a.collection.id)).body.filters).toEqual([]);
    const theirs = await send(filterPut, "PUT", a.otherTeacherToken, {
      id,
      name: "Taken",
      dataCollectionsId: a.collection.id,
      metadata: { filterType: "OTHER_FILTERS" },
    });
    expect(theirs.status).toBe(404);
    expect((await call(filterDelete, "DELETE", `/x/${id}`, { token: b.teacherToken, params: { id: String(id) } })).status).toBe(404);
    expect((await list(b.teacherToken, a.collection.id)).status).toBe(404);
    expect(
      (await send(filterPost, "POST", b.adminToken, { name: "X", dataCollectionsId: a.collection.id, metadata: { filterType: "OTHER_FILTERS" } })).status,
    ).toBe(404);
    const stranger = await tokenFor(await makeUser(a.tenant.id, { roles: ["ROLE_DATA_MANAGER"] }));
    expect((await list(stranger, a.collection.id)).status).toBe(403);
    // An admin in reach keeps filters of their own on the collection.
    const adminFilter = await send(filterPost, "POST", tokens.district, {
      name: "District",
      dataCollectionsId: a.collection.id,
      metadata: { filterType: "VISIBLE_ITEMS_FILTERS" },
    });
    expect(adminFilter.status).toBe(201);
    expect((await list(tokens.elsewhere, a.collection.id)).status).toBe(404);
  });
});

describe("per-school display totals (migration 0020)", () => {
  /**
   * The state, region and district displays add up collection_display_totals; these compare them
   * with a recount from the children's results (unitStats) after every kind of change the triggers
   * follow: scores, assignments, enrollments moving or ending, the collection's own cut scores.
   */
  let w: ScoringWorld;
  let far: { region: { id: number }; district: { id: number }; location: { id: number } };

  beforeAll(async () => {
    w = await makeScoringWorld(assessment);
    far = await makeOrgTree(w.tenant.id);
  });

  async function expectTotalsMatchRecount() {
    const actor = w.adminActor;
    const views: DrillInput[] = [
      {},
      { regionId: w.tree.region.id },
      { regionId: w.tree.region.id, districtId: w.tree.district.id },
      { regionId: far.region.id },
      { regionId: far.region.id, districtId: far.district.id },
    ];
    await forTenant(actor, async () => {
      const collection = await collectionFacts(actor, w.collection.id);
      for (const view of views) {
        const position = await adminPosition(actor, w.collection.id, view);
        expect(position.totals).toBeDefined();
        const summed = await totalsStats(actor, collection, { ...position, totals: position.totals! });
        const recount = await unitStats(actor, collection, { ...position, totals: undefined });
        const byId = (units: { id: number }[]) => [...units].sort((x, y) => x.id - y.id);
        expect(summed.total, JSON.stringify(view)).toEqual(recount.total);
        expect(byId(summed.children), JSON.stringify(view)).toEqual(byId(recount.children));
      }
    });
  }

  it("match a recount after scores, a transfer, an ended enrollment, assignments and new cut scores", async () => {
    const items = assessment.items.map((i) => i.id);
    const [k1, k2, k3] = w.kids.map((k) => k.enrollment.id);
    await expectTotalsMatchRecount();
    // Scores: complete, partial, and then changed.
    await score(w.tenant.id, w.collection.id, k1, items, assessment.entries.B.id);
    await score(w.tenant.id, w.collection.id, k2, items.slice(0, 2), assessment.entries.D.id);
    await score(w.tenant.id, w.collection.id, w.otherKid.enrollment.id, items, assessment.entries.C.id);
    await expectTotalsMatchRecount();
    await db()
      .update(scores)
      .set({ scaleEntryId: assessment.entries.D.id })
      .where(and(eq(scores.tenantId, w.tenant.id), eq(scores.studentEnrollmentId, k1)));
    await score(w.tenant.id, w.collection.id, k2, items.slice(2), assessment.entries.A.id);
    await expectTotalsMatchRecount();
    // A transfer to a school in another region, as the transfer service writes it.
    await db()
      .update(studentEnrollments)
      .set({ regionId: far.region.id, districtId: far.district.id, locationId: far.location.id })
      .where(eq(studentEnrollments.id, k1));
    await expectTotalsMatchRecount();
    // An enrollment ended, then one reactivated.
    await db().update(studentEnrollments).set({ active: false }).where(eq(studentEnrollments.id, k2));
    await expectTotalsMatchRecount();
    await db().update(studentEnrollments).set({ active: true }).where(eq(studentEnrollments.id, k2));
    // An assignment removed, a new child assigned and scored.
    await db()
      .delete(studentDataCollectionAssignments)
      .where(
        and(
          eq(studentDataCollectionAssignments.tenantId, w.tenant.id),
          eq(studentDataCollectionAssignments.dataCollectionId, w.collection.id),
          eq(studentDataCollectionAssignments.studentEnrollmentId, k3),
        ),
      );
    const late = await makeEnrollment(w.tenant.id, { regionId: far.region.id, districtId: far.district.id, locationId: far.location.id });
    await assign(w.tenant.id, w.collection.id, [late.enrollment.id]);
    await score(w.tenant.id, w.collection.id, late.enrollment.id, items, assessment.entries.C.id);
    await expectTotalsMatchRecount();
    // A result removed (a merge folds one child's results into another's).
    await db()
      .delete(studentResults)
      .where(and(eq(studentResults.tenantId, w.tenant.id), eq(studentResults.studentEnrollmentId, w.otherKid.enrollment.id)));
    await expectTotalsMatchRecount();
    // The collection's own cut scores: the levels move, the totals are rebuilt for them.
    await db()
      .update(dataCollections)
      .set({
        scoring: {
          performanceLevels: [
            { code: "EMERGING", label: "Emerging", min: 0, max: 79 },
            { code: "APPROACHING", label: "Approaching", min: 80, max: 89 },
            { code: "DEMONSTRATING", label: "Demonstrating", min: 90, max: 100 },
          ],
        },
      })
      .where(eq(dataCollections.id, w.collection.id));
    await db().execute(sql`select refresh_student_results(${w.tenant.id}, ${w.collection.id}, null)`);
    await expectTotalsMatchRecount();
    await forTenant(w.adminActor, async () => {
      const collection = await collectionFacts(w.adminActor, w.collection.id);
      expect(collection.levels.map((l) => l.max)).toEqual([79, 89, 100]);
    });
  });
});

describe("checkpoint periods of a collection", () => {
  const path = (id: number) => `/en/api/v1/data-collections/${id}/checkpoint-periods`;
  const list = (token: string, id = a.collection.id) => call(periodsGet, "GET", path(id), { token, params: { id: String(id) } });
  const add = (token: string, body: unknown, id = a.collection.id) => call(periodPost, "POST", path(id), { token, params: { id: String(id) }, body });
  const september = { label: "September", startDate: 1788220800, endDate: 1790812799 };

  it("are added, changed and removed by an admin who reaches the collection, read by its teachers", async () => {
    const created = await add(a.adminToken, september);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: "Filters successfully updated",
      checkpointPeriod: { ...september, dataCollectionId: a.collection.id, color: "#1d4ed8" },
    });
    const id = created.body.checkpointPeriod.id as number;
    const second = await add(tokens.district, { label: "October", startDate: 1790812800, endDate: 1793491199, color: "#15803d" });
    expect(second.body.checkpointPeriod.color).toBe("#15803d");
    const seen = await list(a.teacherToken);
    expect(seen.status).toBe(200);
    expect(seen.body.checkpointPeriods.map((p: { label: string }) => p.label)).toEqual(["September", "October"]);

    const params = { id: String(a.collection.id), periodId: String(id) };
    const changed = await call(periodPut, "PUT", `${path(a.collection.id)}/${id}`, {
      token: a.adminToken,
      params,
      body: { ...september, label: "Early fall" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.checkpointPeriod.label).toBe("Early fall");
    const gone = await call(periodDelete, "DELETE", `${path(a.collection.id)}/${id}`, { token: a.adminToken, params });
    expect(gone.body).toEqual({ message: "Filters successfully updated" });
    expect((await call(periodDelete, "DELETE", `${path(a.collection.id)}/${id}`, { token: a.adminToken, params })).status).toBe(404);
    expect((await list(a.teacherToken)).body.checkpointPeriods.map((p: { label: string }) => p.label)).toEqual(["October"]);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenant.id), eq(auditLog.entityType, "checkpoint_period"), eq(auditLog.entityId, id)));
    expect(audit.map((r) => r.action).sort()).toEqual(["create", "delete", "update"]);
  });

  it("refuses a teacher's change (403), another tenant or a collection out of reach (404), and bad dates (400)", async () => {
    expect((await add(a.teacherToken, september)).status).toBe(403);
    expect((await add(b.adminToken, september)).status).toBe(404);
    expect((await list(b.teacherToken)).status).toBe(404);
    expect((await list(b.adminToken)).status).toBe(404);
    expect((await add(tokens.elsewhere, september)).status).toBe(404);
    const backwards = await add(a.adminToken, { ...september, endDate: september.startDate - 1 });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([{ field: "endDate", message: "A period must end after it starts" }]);
    expect((await add(a.adminToken, { ...september, label: " " })).body.errors).toEqual([{ field: "label", message: "Period name is required" }]);
    expect((await add(a.adminToken, { ...september, startDate: "soon" })).body.errors).toEqual([{ field: "startDate", message: "Dates must be unix seconds" }]);
    const stranger = await tokenFor(await makeUser(a.tenant.id, { roles: ["ROLE_DATA_MANAGER"] }));
    expect((await list(stranger)).status).toBe(403);
  });
});

describe("POST /data-displays/layers (filter layers of a state or region)", () => {
  const ask = (token: string, body: unknown) => call(layersPost, "POST", "/en/api/v1/data-displays/layers", { token, body });

  it("counts each layer's children per level and per domain band, as the browser does for smaller units", async () => {
    const [, , k3] = a.kids;
    await db().update(students).set({ specialEducation: true }).where(eq(students.id, k3.student.id));
    const res = await ask(a.adminToken, { dataCollectionId: a.collection.id, layers: [{}, { iep: "true" }, { iep: "false", genders: ["unknown"] }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.layers[0]).toEqual({ count: 4, levels: levels(1, 1, 2), domains: { LL: { count: 4, levels: levels(1, 1, 2) } } });
    expect(res.body.layers[1]).toMatchObject({ count: 1, levels: levels(0, 0, 1) });
    expect(res.body.layers[2]).toMatchObject({ count: 3, levels: levels(1, 1, 1) });
    const region = await ask(a.adminToken, { dataCollectionId: a.collection.id, regionId: a.tree.region.id, layers: [{ locations: [a.elsewhere.id] }] });
    expect(region.body.layers[0].count).toBe(0);
  });

  it("is refused to a teacher (403), answers 404 for another tenant, and 400 for an unknown criterion value", async () => {
    expect((await ask(a.teacherToken, { dataCollectionId: a.collection.id, layers: [{}] })).status).toBe(403);
    expect((await ask(b.adminToken, { dataCollectionId: a.collection.id, layers: [{}] })).status).toBe(404);
    expect((await ask(a.adminToken, { dataCollectionId: a.collection.id, regionId: b.tree.region.id, layers: [{}] })).status).toBe(404);
    const bad = await ask(a.adminToken, { dataCollectionId: a.collection.id, layers: [{ iep: "maybe" }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("IEP, ELL and SES must be all, true or false");
    expect((await ask(a.adminToken, { dataCollectionId: a.collection.id, layers: [] })).body.message).toBe("Add a filter layer first");
  });
});
