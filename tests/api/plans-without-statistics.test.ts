import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { database, installDatabase, openDatabase, rows, withTenant, db, type DatabaseHandle } from "@/db/client";
import { seedDemoIfEmpty } from "@/db/seed/demo";
import { can } from "@/lib/auth/permissions";
import { analyzeAfterCommit } from "@/lib/platform/statistics";
import { administratorDashboard } from "@/lib/dashboards/administrator";
import { teacherDashboard } from "@/lib/dashboards/teacher";
import { loadScoringScreen } from "@/lib/scoring/scoring-screen";
import { loadClassList, loadStudentPage } from "@/lib/scoring/student-page";
import type { Actor } from "@/lib/platform/actor";
import type { RouteHandler } from "@/lib/platform/api";
import { routeSpecOf, type RouteSpec } from "@/lib/platform/openapi/route-spec";
import { API_ROUTES } from "@/app/en/api/v1/_registry/routes";
import { call, tokenFor } from "../support/api";
import { createTestDatabase } from "../support/database";
import { actorOf, score } from "../support/school-fixtures";
import { makeScoringAssessment, makeScoringWorld } from "../support/scoring-world";

/**
 * Issue 21: a database loaded and never analyzed (autovacuum off, or the first minute after a seed
 * or a bulk load) plans with default estimates; the teacher's grades took 72 s that way. Every read
 * of the teacher and administrator areas must hold its plan without statistics: each runs here on
 * the demo data, never analyzed, under a statement timeout far above its warm time (a guard against
 * quadratic plans, not a benchmark).
 */
const NOW = new Date("2026-11-22T15:00:00Z");
const TIMEOUT = "3s";
const ACCOUNTS = [
  { email: "teacher@demo.test" },
  { email: "admin.teacher@demo.test", role: "ROLE_TEACHER" },
  { email: "admin.teacher@demo.test", role: "ROLE_ADMIN" },
  { email: "district.admin@demo.test" },
  { email: "data.manager@demo.test" },
  { email: "tenant.admin@demo.test" },
];
/** Big tables the demo loads: none may have statistics when the reads run. */
const LOADED = [
  "students",
  "student_enrollments",
  "enrollment_associations",
  "student_data_collection_assignments",
  "scores",
  "score_history",
  "student_results",
];

interface Ids {
  tenantId: number;
  collections: number[];
  teacherId: number;
  studentId: number;
  enrollmentId: number;
  gradeId: number;
  itemId: number;
  regionId: number;
  districtId: number;
  locationId: number;
  assessmentId: number;
}

let timed: DatabaseHandle;
let ids: Ids;

beforeAll(async () => {
  expect(await seedDemoIfEmpty({ now: NOW })).toEqual({ seeded: true });
  const [found] = await rows<Omit<Ids, "collections">>(
    db(),
    sql`select e.tenant_id as "tenantId", u.id as "teacherId", e.student_id as "studentId", e.id as "enrollmentId", s.id as "gradeId",
          s.assessment_item_id as "itemId", e.region_id as "regionId", e.district_id as "districtId", e.location_id as "locationId",
          d.assessment_id as "assessmentId"
        from users u join enrollment_associations ea on ea.user_id = u.id join student_enrollments e on e.id = ea.student_enrollment_id
        join scores s on s.student_enrollment_id = e.id join data_collections d on d.id = s.data_collection_id
        where u.username = 'teacher@demo.test' order by s.id limit 1`,
  );
  const collections = await rows<{ id: number }>(db(), sql`select id from data_collections where tenant_id = ${found.tenantId} order by id`);
  ids = { ...found, collections: collections.map((c) => c.id) };

  // The app role's connections (a new pool: the setting applies to sessions opened after it).
  const url = process.env.DATABASE_URL!;
  await db().execute(sql.raw(`alter database ${new URL(url).pathname.slice(1)} set statement_timeout = '${TIMEOUT}'`));
  timed = openDatabase({ url, max: 5 });
  installDatabase(timed);
}, 120_000);

afterAll(async () => {
  await timed?.close();
});

/** A value for each path parameter, by name and, for `id`, by the resource the path names. */
function pathValue(path: string, name: string, collectionId: number): string | undefined {
  const byName: Record<string, number | string> = {
    tenantId: ids.tenantId,
    collectionId,
    studentId: ids.studentId,
    gradeId: ids.gradeId,
    itemId: ids.itemId,
    regionId: ids.regionId,
    districtId: ids.districtId,
    locationId: ids.locationId,
    userId: ids.teacherId,
    poaId: ids.enrollmentId,
    tenant: "maryland",
  };
  if (name !== "id") return byName[name] === undefined ? undefined : String(byName[name]);
  const resource = path.split("/")[1];
  const byResource: Record<string, number> = {
    "data-collections": collectionId,
    "data-collections-sets": collectionId,
    admin: collectionId,
    user: collectionId,
    districts: ids.districtId,
    regions: ids.regionId,
    locations: ids.locationId,
    users: ids.teacherId,
    students: ids.studentId,
    enrollments: ids.enrollmentId,
    assessments: ids.assessmentId,
    tenants: ids.tenantId,
  };
  return String(byResource[resource] ?? 1);
}

const QUERY_IDS = (collectionId: number): Record<string, number> => ({
  dataCollectionId: collectionId,
  studentId: ids.studentId,
  enrollmentId: ids.enrollmentId,
  studentEnrollmentId: ids.enrollmentId,
  userId: ids.teacherId,
  tenantId: ids.tenantId,
  tenantsId: ids.tenantId,
});

type Shape = Record<string, z.ZodType & { options?: readonly string[]; isOptional?: () => boolean; unwrap?: () => z.ZodType }>;
const shapeOf = (schema: z.ZodType | undefined): Shape => ((schema as unknown as { shape?: Shape } | undefined)?.shape ?? {}) as Shape;

/** Every combination of the enum path parameters (data displays: role x type), the others filled in. */
function pathParams(path: string, spec: RouteSpec, collectionId: number): Record<string, string>[] {
  let combos: Record<string, string>[] = [{}];
  for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
    const options = shapeOf(spec.params)[name]?.options;
    const values = options?.length ? [...options] : [pathValue(path, name, collectionId) ?? "1"];
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [name]: v })));
  }
  return combos;
}

/** Required query parameters, and the optional ones that name the collection or the child. */
function queryParams(spec: RouteSpec, collectionId: number): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [name, field] of Object.entries(shapeOf(spec.query))) {
    const known = QUERY_IDS(collectionId)[name];
    if (known !== undefined) query[name] = known;
    else if (!field.isOptional?.() && field.options?.length) query[name] = field.options[0];
  }
  return query;
}

/** The signed-in GET routes the account's roles may call. */
function readRoutes(actor: Actor) {
  return API_ROUTES.flatMap(({ path, module }) => {
    const handler = module.GET as RouteHandler | undefined;
    const spec = routeSpecOf(handler);
    if (!handler || !spec || spec.auth !== "required" || path.endsWith("/stream")) return [];
    if (spec.permission && !can(actor, spec.permission)) return [];
    return [{ path, handler, spec }];
  });
}

describe("reads before statistics exist", () => {
  it("answers every teacher and administrator read of the never-analyzed demo within the statement timeout", { timeout: 300_000 }, async () => {
    const notAnalyzed = await rows<{ relname: string; reltuples: number; analyzed: boolean }>(
      db(),
      sql`select c.relname, c.reltuples, (s.last_analyze is not null or s.last_autoanalyze is not null) as analyzed
          from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname in ${LOADED} order by c.relname`,
    );
    expect(notAnalyzed).toEqual([...LOADED].sort().map((relname) => ({ relname, reltuples: -1, analyzed: false })));
    const [setting] = await withTenant(ids.tenantId, () => rows<{ statement_timeout: string }>(db(), sql`show statement_timeout`));
    expect(setting.statement_timeout).toBe(TIMEOUT);
    expect(database()).toBe(timed);

    const failed: string[] = [];
    let answered = 0;
    for (const account of ACCOUNTS) {
      const [user] = await rows<{ id: number; tenantId: number }>(db(), sql`select id, tenant_id as "tenantId" from users where username = ${account.email}`);
      const token = await tokenFor(user, account.role);
      const actor = await actorOf(user, account.role);
      for (const { path, handler, spec } of readRoutes(actor)) {
        const perCollection = /\{(id|collectionId)\}/.test(path) && /collections/.test(path) ? ids.collections : [ids.collections[0]];
        for (const collectionId of perCollection) {
          for (const params of pathParams(path, spec, collectionId)) {
            const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]);
            const res = await call(handler, "GET", `/en/api/v1${filled}`, { token, params, query: queryParams(spec, collectionId) });
            if (res.status >= 500) failed.push(`${account.email} ${account.role ?? ""} GET ${filled}: ${res.status}`);
            if (res.status === 200) answered++;
            // A display's URL is then fetched: that read computes it.
            if (res.status === 200 && res.body?.url) {
              const url = new URL(res.body.url, "http://localhost:3000");
              const results = API_ROUTES.find((r) => r.path === "/data-displays/results")!.module.GET as RouteHandler;
              const shown = await call(results, "GET", url.pathname, { query: Object.fromEntries(url.searchParams) });
              if (shown.status !== 200) failed.push(`${account.email} display ${filled}: ${shown.status}`);
            }
          }
        }
      }
    }
    expect(failed).toEqual([]);
    expect(answered).toBeGreaterThan(100);
  });

  it("serves the teacher's and the administrators' pages from the same never-analyzed data", { timeout: 120_000 }, async () => {
    const teacher = await actorOf({ id: ids.teacherId, tenantId: ids.tenantId });
    expect((await teacherDashboard(teacher, NOW)).rosteredStudents).toBe(20);
    for (const collectionId of ids.collections) {
      const screen = await loadScoringScreen(teacher, collectionId, NOW, { previous: true });
      expect(screen.data.students.length).toBe(20);
      expect(screen.data.previous).toEqual(expect.any(Object));
      expect((await loadClassList(teacher, collectionId)).students).toHaveLength(20);
      expect((await loadStudentPage(teacher, collectionId, ids.enrollmentId)).student).toBeTruthy();
    }
    for (const email of ["tenant.admin@demo.test", "district.admin@demo.test", "admin.teacher@demo.test"]) {
      const [user] = await rows<{ id: number; tenantId: number }>(db(), sql`select id, tenant_id as "tenantId" from users where username = ${email}`);
      expect((await administratorDashboard(await actorOf(user), NOW)).students, email).toBeGreaterThan(0);
    }
  });

  it("analyzes what a load wrote once it passes autovacuum's threshold, after the commit, and leaves a small change alone", async () => {
    // On a database of its own, with a class's grades: the reads above need the demo's never analyzed.
    const original = database();
    const own = await createTestDatabase();
    installDatabase(own.handle);
    try {
      const fx = await makeScoringAssessment(2);
      const w = await makeScoringWorld(fx, 2);
      for (const kid of w.kids)
        await score(
          w.tenant.id,
          w.collection.id,
          kid.enrollment.id,
          fx.items.map((item) => item.id),
          fx.entries.A.id,
        );
      const reltuples = async () =>
        Object.fromEntries(
          (
            await rows<{ relname: string; reltuples: number }>(
              db(),
              sql`select relname, reltuples::float8 as reltuples from pg_class where relname in ('scores', 'students')`,
            )
          ).map((r) => [r.relname, r.reltuples]),
        );
      await withTenant(w.tenant.id, () => analyzeAfterCommit(["scores", "students"], 10));
      expect(await reltuples()).toEqual({ scores: -1, students: -1 });

      await withTenant(w.tenant.id, async () => {
        await analyzeAfterCommit(["scores"], 5_000);
        // Not before the load commits: the application role may not analyze, and the rows are not visible yet.
        expect((await reltuples()).scores).toBe(-1);
      });
      const [counted] = await rows<{ n: number }>(db(), sql`select count(*)::int as n from scores`);
      expect(await reltuples()).toEqual({ scores: counted.n, students: -1 });
    } finally {
      installDatabase(original);
      await own.drop();
    }
  });
});
