import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { parseSeedArgs } from "@/db/seed/cli-args";
import { generateState } from "@/db/seed/generator";

const NOW = new Date("2026-11-22T15:00:00Z");
const quiet = () => {};

const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(db(), query))[0];

describe("state-sized generator", () => {
  it("builds one tenant of the asked size: organisations, teachers, rosters, a 60-item collection about half scored", { timeout: 120_000 }, async () => {
    const result = await generateState({ students: 500, now: NOW, log: quiet });
    expect(result.slug).toBe("state-500");
    // 500 children: 6 schools (about 87 each), 2 districts, 1 region, about 21 children per teacher.
    expect(result.counts).toMatchObject({ students: 500, locations: 6, districts: 2, regions: 1 });
    expect(result.counts.teachers).toBeGreaterThanOrEqual(20);
    expect(result.counts.teachers).toBeLessThanOrEqual(28);

    const t = result.tenantId;
    const c = await one<Record<string, number>>(sql`
      select
        (select count(*) from students where tenant_id = ${t})::int as students,
        (select count(distinct tenant_unique_id) from students where tenant_id = ${t} and tenant_unique_id ~ '^0[0-9]{9}$')::int as good_ids,
        (select count(*) from students where tenant_id = ${t} and dob between '2020-09-02' and '2021-09-01')::int as five_year_olds,
        (select count(*) from student_enrollments where tenant_id = ${t} and is_point_of_authority and active)::int as enrollments,
        (select count(*) from enrollment_associations ea join user_organizations uo on uo.user_id = ea.user_id and uo.org_type = 'location'
           and uo.parent_id = ea.location_id join student_enrollments e on e.id = ea.student_enrollment_id and e.location_id = ea.location_id
         where ea.tenant_id = ${t})::int as rostered_at_own_school,
        (select count(*) from users where tenant_id = ${t} and password_hash is not null)::int as with_password,
        (select count(*) from student_data_collection_assignments where tenant_id = ${t} and data_collection_id = ${result.collectionId})::int as assigned,
        (select count(*) from data_collection_items where tenant_id = ${t} and data_collection_id = ${result.collectionId})::int as items,
        (select count(*) from scores where tenant_id = ${t})::int as scores,
        (select count(*) from score_history where tenant_id = ${t})::int as history,
        (select count(*) from scores s join student_enrollments e on e.id = s.student_enrollment_id where s.tenant_id = ${t} and e.tenant_id <> ${t})::int as cross_tenant`);
    expect(c).toMatchObject({
      students: 500,
      good_ids: 500,
      five_year_olds: 500,
      enrollments: 500,
      rostered_at_own_school: 500,
      with_password: 0,
      assigned: 500,
      items: 60,
      history: result.counts.scores,
      scores: result.counts.scores,
      cross_tenant: 0,
    });
    expect(c.scores / (500 * 60)).toBeGreaterThan(0.4);
    expect(c.scores / (500 * 60)).toBeLessThan(0.6);
    const perLocation = await rows<{ teachers: number; students: number }>(
      db(),
      sql`select (select count(*) from user_organizations uo join user_roles ur on ur.user_id = uo.user_id and ur.role = 'ROLE_TEACHER'
            where uo.org_type = 'location' and uo.parent_id = l.id)::int as teachers,
          (select count(*) from students s where s.parent_location_id = l.id)::int as students
        from locations l where l.tenant_id = ${t}`,
    );
    for (const l of perLocation) expect(l.teachers).toBe(Math.max(1, Math.round(l.students / 21.7)));
  });

  it("adds a further tenant beside existing ones, reusing the shared assessment", { timeout: 120_000 }, async () => {
    const first = await generateState({ students: 80, now: NOW, log: quiet });
    const second = await generateState({ students: 80, now: NOW, seed: 2, log: quiet });
    expect([first.slug, second.slug]).toEqual(["state-80", "state-80-2"]);
    expect(second.counts.students).toBe(80);
    const kra = await one<{ n: number }>(sql`select count(*)::int as n from assessments where name = 'Kindergarten Readiness Assessment'`);
    expect(kra.n).toBe(1);
  });

  it("reads its command line: demo by default, --students for a state, clear errors otherwise", () => {
    expect(parseSeedArgs([])).toEqual({ kind: "demo" });
    expect(parseSeedArgs(["--students", "130000"])).toEqual({ kind: "state", students: 130000, seed: 1 });
    expect(parseSeedArgs(["--students=500", "--seed", "7"])).toEqual({ kind: "state", students: 500, seed: 7 });
    expect(() => parseSeedArgs(["--students", "abc"])).toThrow("--students must be a whole number from 1 to 2,000,000");
    expect(() => parseSeedArgs(["--students", "0"])).toThrow("--students must be a whole number");
    expect(() => parseSeedArgs(["--students", "2000001"])).toThrow("--students must be a whole number");
    expect(() => parseSeedArgs(["--seed", "3"])).toThrow("--seed applies to --students only");
    expect(() => parseSeedArgs(["--bogus"])).toThrow();
  });

  it("runs as npm run db:seed on a fresh embedded database", { timeout: 180_000 }, () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ap-seed-cli-"));
    const env = { ...process.env, DATABASE_URL: "", PGLITE_DATA_DIR: path.join(dir, "pglite"), DATA_DIR: dir };
    const run = (...args: string[]) => spawnSync("node_modules/.bin/tsx", ["db/seed/cli.ts", ...args], { env, encoding: "utf8" });
    try {
      const bad = run("--students", "many");
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain("--students must be a whole number");

      const state = run("--students", "40");
      expect(state.status, state.stderr).toBe(0);
      expect(state.stdout).toMatch(
        /Tenant state-40 \(id \d+\): 40 students, 2 teachers, 1 locations, 1 districts, 1 regions, \d+ scores in [\d.]+ s\. Database size/,
      );

      const demo = run();
      expect(demo.status, demo.stderr).toBe(0);
      expect(demo.stdout).toContain("The database already has tenants: demo data not loaded.");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
