import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { POST as loginRoute } from "@/app/en/api/v1/login/route";
import { database, db, installDatabase, rows } from "@/db/client";
import { DEMO_ACCOUNT_PLANS } from "@/db/seed/demo-plan";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccountsPresent, seedDemoIfEmpty } from "@/db/seed/demo";
import { call } from "../support/api";
import { createTestDatabase } from "../support/database";

// The brief's today; the demo's open windows are placed around it.
const NOW = new Date("2026-11-22T15:00:00Z");

function setEnv(vars: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  (globalThis as { __env?: unknown }).__env = undefined;
}

afterEach(() => setEnv({ NODE_ENV: "test", SEED_DEMO: undefined, NEXTAUTH_URL: undefined }));

const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(db(), query))[0];
const count = async (table: string) => (await one<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).n;

const TABLES = [
  "tenants",
  "users",
  "students",
  "student_enrollments",
  "enrollment_associations",
  "student_data_collection_assignments",
  "scores",
  "score_history",
  "notifications",
];
const counts = async () => Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await count(t)])));

/** Names, state ids and birth dates of every child: equal fingerprints mean the same demo. */
const fingerprint = async () =>
  (await one<{ f: string }>(sql`select md5(string_agg(tenant_unique_id || first_name || last_name || dob, ',' order by tenant_unique_id)) as f from students`))
    .f;

const login = (username: string, password: string, host = "localhost:3000") =>
  call(loginRoute, "POST", "/en/api/v1/login", { body: { username, password }, headers: { host, "x-forwarded-for": "203.0.113.9" } });

describe("demo data", () => {
  // The file's own database, empty until here, seeded once: the first test reads it, the second compares with it.
  let firstSeed: { seeded: boolean };
  beforeAll(async () => {
    firstSeed = await seedDemoIfEmpty({ now: NOW });
  });

  it("seeds an empty database with Maryland, Ohio and every demo account; a second call seeds nothing", { timeout: 120_000 }, async () => {
    expect(firstSeed).toEqual({ seeded: true });

    const tenants = await rows<{ id: number; slug: string; name: string }>(db(), sql`select id, slug, name from tenants order by slug`);
    expect(tenants.map((t) => t.slug)).toEqual(["maryland", "ohio"]);
    const tenantId = Object.fromEntries(tenants.map((t) => [t.slug, t.id]));
    expect((await one<{ tenant_id: number }>(sql`select tenant_id from tenant_host_aliases where host_prefix = 'mdk'`)).tenant_id).toBe(tenantId.maryland);

    expect(DEMO_ACCOUNTS.map((a) => a.email)).toEqual(DEMO_ACCOUNT_PLANS.map((a) => a.email));
    expect(DEMO_ACCOUNTS).toHaveLength(10);
    for (const plan of DEMO_ACCOUNT_PLANS) {
      const res = await login(plan.email, DEMO_PASSWORD);
      expect(res.status, plan.email).toBe(200);
      expect([...res.body.profileData.roles].sort(), plan.email).toEqual([...plan.roles].sort());
      expect(res.body.profileData.tenantId, plan.email).toBe(tenantId[plan.tenant]);
      const links = await rows<{ org_type: string; administrative: boolean; tenant_id: number }>(
        db(),
        sql`select uo.org_type, uo.administrative, coalesce(l.tenant_id, d.tenant_id, r.tenant_id) as tenant_id
            from user_organizations uo join users u on u.id = uo.user_id
            left join locations l on uo.org_type = 'location' and l.id = uo.parent_id
            left join districts d on uo.org_type = 'district' and d.id = uo.parent_id
            left join regions r on uo.org_type = 'region' and r.id = uo.parent_id
            where u.username = ${plan.email}`,
      );
      expect(
        links.map((l) => [l.org_type, l.administrative]),
        plan.email,
      ).toEqual(plan.link ? [[plan.link.orgType, plan.link.administrative]] : []);
      for (const link of links) expect(link.tenant_id, plan.email).toBe(tenantId[plan.tenant]);
    }
    expect((await login("teacher@demo.test", "wrong-password")).status).toBe(401);
    // The alias selects Maryland: its people sign in there, Ohio's do not.
    expect((await login("tenant.admin@demo.test", DEMO_PASSWORD, "mdk.example.org")).status).toBe(200);
    expect((await login("ohio.teacher@demo.test", DEMO_PASSWORD, "mdk.example.org")).status).toBe(401);

    // Teachers' rosters: 20 children at the location they are linked to.
    for (const email of ["teacher@demo.test", "admin.teacher@demo.test", "ohio.teacher@demo.test"]) {
      const roster = await one<{ n: number; elsewhere: number }>(
        sql`select count(*)::int as n, count(*) filter (where ea.location_id <> uo.parent_id or e.location_id <> uo.parent_id)::int as elsewhere
            from users u join user_organizations uo on uo.user_id = u.id
            join enrollment_associations ea on ea.user_id = u.id join student_enrollments e on e.id = ea.student_enrollment_id
            where u.username = ${email}`,
      );
      expect(roster, email).toEqual({ n: 20, elsewhere: 0 });
    }

    // Children: ten-digit state ids with leading zeros, five years old on 1 September 2026, one
    // point-of-authority enrollment and one teacher each, all rows within the child's tenant.
    const children = await one<Record<string, number>>(sql`
      select count(*)::int as total,
        count(*) filter (where s.tenant_unique_id !~ '^0[0-9]{9}$')::int as bad_ids,
        count(*) filter (where s.dob not between '2020-09-02' and '2021-09-01')::int as bad_dobs,
        count(distinct s.race)::int as races,
        count(*) filter (where (select count(*) from student_enrollments e where e.student_id = s.id and e.is_point_of_authority and e.tenant_id = s.tenant_id) <> 1)::int as bad_enrollments,
        count(*) filter (where (select count(*) from enrollment_associations ea join student_enrollments e on e.id = ea.student_enrollment_id
          join users u on u.id = ea.user_id where e.student_id = s.id and ea.tenant_id = s.tenant_id and u.tenant_id = s.tenant_id) <> 1)::int as bad_rosters
      from students s`);
    expect(children.total).toBeGreaterThan(500);
    expect(children).toMatchObject({ bad_ids: 0, bad_dobs: 0, bad_enrollments: 0, bad_rosters: 0 });
    expect(children.races).toBeGreaterThan(5);

    // Per tenant: an open KRA collection of 50 items in four sets and an open ELA collection of 14,
    // every child assigned (Primary), roughly half the scores entered, each with its history row.
    const collections = await rows<{
      tenant_id: number;
      taxonomy: string;
      items: number;
      sets: number;
      open: boolean;
      assigned: number;
      children: number;
      primary_type: number;
      scored: number;
      history: number;
      cross_tenant: number;
      off_scale: number;
    }>(
      db(),
      sql`select dc.tenant_id, a.taxonomy,
          (select count(*) from data_collection_items i where i.data_collection_id = dc.id)::int as items,
          (select count(*) from data_collection_sets cs where cs.data_collection_id = dc.id)::int as sets,
          (dc.cycle_start_date <= ${NOW.toISOString()}::timestamptz and dc.cycle_end_date >= ${NOW.toISOString()}::timestamptz) as open,
          (select count(*) from student_data_collection_assignments x where x.data_collection_id = dc.id)::int as assigned,
          (select count(*) from students s where s.tenant_id = dc.tenant_id)::int as children,
          (select count(*) from student_data_collection_assignments x where x.data_collection_id = dc.id and x.teacher_type = 'Primary')::int as primary_type,
          (select count(*) from scores s where s.data_collection_id = dc.id)::int as scored,
          (select count(*) from score_history h where h.data_collection_id = dc.id)::int as history,
          (select count(*) from scores s join student_enrollments e on e.id = s.student_enrollment_id where s.data_collection_id = dc.id and (e.tenant_id <> dc.tenant_id or s.tenant_id <> dc.tenant_id))::int as cross_tenant,
          (select count(*) from scores s join assessment_items ai on ai.id = s.assessment_item_id join scale_entries se on se.id = s.scale_entry_id
            where s.data_collection_id = dc.id and se.scale_id <> ai.scale_id)::int as off_scale
        from data_collections dc join assessments a on a.id = dc.assessment_id order by dc.tenant_id, a.taxonomy desc`,
    );
    expect(collections).toHaveLength(4);
    for (const c of collections) {
      expect([c.items, c.sets]).toEqual(c.taxonomy === "SUMMATIVE" ? [50, 4] : [14, 4]);
      expect(c).toMatchObject({ open: true, assigned: c.children, primary_type: c.children, history: c.scored, cross_tenant: 0, off_scale: 0 });
      const share = c.scored / (c.assigned * c.items);
      expect(share).toBeGreaterThan(0.4);
      expect(share).toBeLessThan(0.6);
    }

    // Announcements of every status in each tenant; unacknowledged notifications about the user's own tenant.
    const statuses = await rows<{ tenant_id: number; status: string }>(
      db(),
      sql`select distinct tenant_id, case when ${NOW.toISOString()}::timestamptz < start_date then 'upcoming'
          when ${NOW.toISOString()}::timestamptz > end_date then 'past' else 'active' end as status from announcements order by 1, 2`,
    );
    expect(statuses.map((s) => s.status)).toEqual(["active", "past", "upcoming", "active", "past", "upcoming"]);
    const notes = await one<{ unread: number; cross_tenant: number }>(sql`
      select count(*) filter (where n.acknowledged = 0 and u.username = 'teacher@demo.test')::int as unread,
        count(*) filter (where n.tenant_id <> u.tenant_id or dc.tenant_id <> u.tenant_id)::int as cross_tenant
      from notifications n join users u on u.id = n.user_id join data_collections dc on dc.id = (n.metadata->>'dataCollectionId')::int`);
    expect(notes).toEqual({ unread: 2, cross_tenant: 0 });

    const before = await counts();
    expect(await seedDemoIfEmpty({ now: NOW })).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
  });

  it("seeds nothing in production unless SEED_DEMO=true, and then the same demo again", { timeout: 120_000 }, async () => {
    const original = database();
    const other = await createTestDatabase();
    installDatabase(other.handle);
    try {
      setEnv({ NODE_ENV: "production", NEXTAUTH_URL: "https://kra.example.org", SEED_DEMO: undefined });
      expect(await seedDemoIfEmpty({ now: NOW })).toEqual({ seeded: false });
      setEnv({ NODE_ENV: "test", SEED_DEMO: "false" });
      expect(await seedDemoIfEmpty({ now: NOW })).toEqual({ seeded: false });
      expect(await count("users")).toBe(0);
      expect(await count("tenants")).toBe(0);
      expect(await demoAccountsPresent()).toBe(false);

      setEnv({ NODE_ENV: "production", NEXTAUTH_URL: "https://kra.example.org", SEED_DEMO: "true" });
      expect(await seedDemoIfEmpty({ now: NOW })).toEqual({ seeded: true });
      const demoUsers = await one<{ n: number }>(sql`select count(*)::int as n from users where username like '%@demo.test'`);
      expect(demoUsers.n).toBe(DEMO_ACCOUNTS.length);
      expect(await demoAccountsPresent()).toBe(true);
      const seededHere = await fingerprint();

      // Deterministic: the file's own database (seeded before the tests) has the very same children.
      installDatabase(original);
      expect(await fingerprint()).toBe(seededHere);
    } finally {
      installDatabase(original);
      await other.drop();
    }
  });
});
