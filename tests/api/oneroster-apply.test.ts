import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, rows } from "@/db/client";
import { locations, users } from "@/db/schema";
import { oneRosterRun } from "@/jobs/handlers/oneroster";
import { makeUser } from "../support/factories";
import { TEST_JOB_ENV, setEnv } from "../support/jobs";
import { districtRoster, zipBundle, type Files, type Rec } from "../support/oneroster";
import { apply, dryRun, loadWorld, withLoadWorlds } from "../support/oneroster-loads";

setEnv(TEST_JOB_ENV);

/**
 * What an apply meets: the refusals its dry run already names, and another apply of the same tenant.
 * Each test: its own world (loadWorld) and its own sourcedId and email prefix (sign-in names are
 * unique across tenants).
 */
let W: Awaited<ReturnType<typeof loadWorld>>;
withLoadWorlds((world) => (W = world), loadWorld);

const reasons = (load: { refused: Rec[] }) => load.refused.map((r) => `${r.file}:${r.line}:${r.sourcedId}: ${r.reason}`);

describe("the dry run's refusals", () => {
  it("names what createUser and createDistrict would refuse, so the apply refuses and does exactly what the dry run said", async () => {
    const files = districtRoster({
      districtIdentifier: `OR-D-${W.t}`,
      schools: 2,
      teachersPerSchool: 2,
      childrenPerTeacher: 1,
      prefix: "va",
      stateIdStart: 31,
    });
    const user = (sourcedId: string) => files.users.find((u) => u.sourcedId === sourcedId)!;
    // Another tenant's account signs in with t1-1's email; t1-2's member id is too long; t2-2 has t2-1's email.
    const foreign = await makeUser(W.other, { email: "va-foreign@or.example", username: "va-foreign@or.example" });
    user("va-t1-1").email = "VA-Foreign@or.example";
    user("va-t1-2").identifier = "x".repeat(101);
    user("va-t2-2").email = user("va-t2-1").email;
    // A district named as one of the region's; school 2's identifier is school X's Unique ID (in D2).
    const [d2] = await rows<{ name: string }>(db(), sql`select name from districts where id = ${W.d2.id}`);
    files.orgs.push({ sourcedId: "va-new", name: d2.name.toUpperCase(), type: "district", identifier: "VA-NEW", parentSourcedId: "" });
    files.orgs.find((o) => o.sourcedId === "va-s2")!.identifier = W.x.uniqueId!;

    const checked = await dryRun(W.tenantAdmin, zipBundle(files), { regionId: W.region.id });
    expect(reasons(checked)).toEqual([
      `orgs.csv:5:va-new: name: A district named ${d2.name.toUpperCase()} already exists in this region`,
      "users.csv:2:va-t1-1: email: Another account already signs in with this email",
      "users.csv:4:va-t1-2: identifier: Tenant member id must be at most 100 characters",
      "users.csv:8:va-t2-2: email: The email is also the email of user va-t2-1",
    ]);
    expect(checked.planned).toMatchObject({
      districts: { created: 0, unchanged: 1 },
      schools: { created: 2 },
      teachers: { created: 1 },
      students: { created: 4 },
      rosters: { created: 1 },
    });

    const applied = await apply(W.tenantAdmin, checked.id);
    expect(applied.status).toBe("applied");
    expect(applied.refused).toEqual(checked.refused);
    expect(applied.applied).toEqual(checked.planned);
    // The refused rows changed nothing: no account for them, the other tenant's as it was, no second district.
    const made = await db()
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.tenantId, W.t), inArray(users.email, ["va-foreign@or.example", "va-t1-2@or.example", "va-t2-1@or.example"])));
    expect(made.map((u) => u.email)).toEqual(["va-t2-1@or.example"]);
    expect((await db().select().from(users).where(eq(users.id, foreign.id)))[0]).toEqual(foreign);
    expect(await rows(db(), sql`select id from districts where tenant_id = ${W.t} and unique_id = 'VA-NEW'`)).toEqual([]);
    // School 2 is created without the Unique ID school X has (createLocation would refuse it).
    const schools = await db()
      .select()
      .from(locations)
      .where(and(eq(locations.tenantId, W.t), inArray(locations.name, ["va Elementary 2"])));
    expect(schools.map((s) => s.uniqueId)).toEqual([null]);
    expect((await db().select().from(locations).where(eq(locations.id, W.x.id)))[0].uniqueId).toBe(W.x.uniqueId);
  });
});

/** Delta files of one district's roster for some of its teachers: their classes, children and enrollments (with the orgs and terms). */
function deltaOf(files: ReturnType<typeof districtRoster>, teachers: (t: string) => boolean): Files {
  const stamp = (r: Rec) => ({ ...r, status: "active", dateLastModified: "2026-09-01T10:00:00.000Z" });
  const classes = new Set(files.enrollments.filter((e) => e.role === "teacher" && teachers(e.userSourcedId)).map((e) => e.classSourcedId));
  const enrollments = files.enrollments.filter((e) => classes.has(e.classSourcedId));
  const people = new Set(enrollments.map((e) => e.userSourcedId));
  return {
    orgs: files.orgs.map(stamp),
    academicSessions: files.academicSessions.map(stamp),
    users: files.users.filter((u) => people.has(u.sourcedId)).map(stamp),
    classes: files.classes.filter((c) => classes.has(c.sourcedId)).map(stamp),
    enrollments: enrollments.map(stamp),
    demographics: files.demographics.filter((d) => people.has(d.sourcedId)).map(stamp),
  };
}
const DELTA = { modes: { orgs: "delta", academicSessions: "delta", users: "delta", classes: "delta", enrollments: "delta", demographics: "delta" } } as const;

/** A tenant's teachers, children, enrollments, school links and roster entries, with the bundle's prefix taken off names and emails. */
async function rosterState(t: number, prefix: string): Promise<string[]> {
  const bare = (column: string) => sql.raw(`regexp_replace(${column}, '^${prefix}', '')`);
  const found = await rows<{ line: string }>(
    db(),
    sql`select concat_ws('|', 'teacher', ${bare("lower(u.email)")}, u.first_name, u.last_name, u.tenant_member_id) as line
        from users u where u.tenant_id = ${t} and u.email like '%@or.example'
      union all select concat_ws('|', 'link', ${bare("lower(u.email)")}, ${bare("l.name")}) from user_organizations o
        join users u on u.tenant_id = o.tenant_id and u.id = o.user_id join locations l on l.tenant_id = o.tenant_id and l.id = o.parent_id
        where o.tenant_id = ${t} and o.org_type = 'location' and u.email like '%@or.example'
      union all select concat_ws('|', 'child', s.tenant_unique_id, s.first_name, s.last_name, s.dob, s.race) from students s where s.tenant_id = ${t}
      union all select concat_ws('|', 'enrollment', s.tenant_unique_id, ${bare("l.name")}, e.active, e.is_point_of_authority) from student_enrollments e
        join students s on s.tenant_id = e.tenant_id and s.id = e.student_id join locations l on l.tenant_id = e.tenant_id and l.id = e.location_id
        where e.tenant_id = ${t}
      union all select concat_ws('|', 'roster', ${bare("lower(u.email)")}, s.tenant_unique_id, ${bare("l.name")}) from enrollment_associations ea
        join users u on u.tenant_id = ea.tenant_id and u.id = ea.user_id
        join student_enrollments e on e.tenant_id = ea.tenant_id and e.id = ea.student_enrollment_id
        join students s on s.tenant_id = ea.tenant_id and s.id = e.student_id join locations l on l.tenant_id = ea.tenant_id and l.id = ea.location_id
        where ea.tenant_id = ${t}
      order by 1`,
  );
  return found.map((r) => r.line);
}

describe("two applies at once", () => {
  it("runs one tenant's applies one after the other: started together, both finish, with what applying them in turn gives", async () => {
    // Two deltas of one district that share a teacher per school, their classes and children.
    const bundles = (world: typeof W, prefix: string) => {
      const files = districtRoster({
        districtIdentifier: `OR-D-${world.t}`,
        schools: 2,
        teachersPerSchool: 3,
        childrenPerTeacher: 3,
        prefix,
        stateIdStart: 41,
      });
      return [deltaOf(files, (t) => !t.endsWith("-3")), deltaOf(files, (t) => !t.endsWith("-1"))].map((f) => zipBundle(f, DELTA));
    };

    // In turn, in a tenant of its own, through the routes.
    const inTurn = await loadWorld();
    for (const bytes of bundles(inTurn, "vs")) {
      const done = await apply(inTurn.districtAdmin, (await dryRun(inTurn.districtAdmin, bytes)).id);
      expect(done).toMatchObject({ status: "applied", refused: [] });
    }
    const expected = await rosterState(inTurn.t, "vs");
    expect(expected.filter((l) => l.startsWith("teacher|"))).toHaveLength(6);
    expect(expected.filter((l) => l.startsWith("roster|"))).toHaveLength(18);

    // Together: both checked, then both applies started at once, each job on its own connection.
    const checked = [];
    for (const bytes of bundles(W, "vc")) checked.push(await dryRun(W.districtAdmin, bytes));
    const ids = checked.map((c) => c.id as number);
    await db().execute(sql`update oneroster_loads set status = 'applying' where tenant_id = ${W.t} and id in (${ids[0]}, ${ids[1]})`);
    await Promise.all(
      ids.map((loadId, i) => oneRosterRun.run({ tenantId: W.t, loadId, mode: "apply" }, { jobId: `together-${i}`, attempt: 1, lastAttempt: true })),
    );
    const loads = await rows<{ status: string; refused_count: number; applied: Record<string, Record<string, number>> }>(
      db(),
      sql`select status, refused_count, applied from oneroster_loads where tenant_id = ${W.t} and id in (${ids[0]}, ${ids[1]}) order by applied_at`,
    );
    expect(loads.map((l) => [l.status, l.refused_count])).toEqual([
      ["applied", 0],
      ["applied", 0],
    ]);
    // The second planned afresh after the first committed: it created only what the first had not.
    expect(loads[0].applied.teachers.created + loads[1].applied.teachers.created).toBe(6);
    expect(loads[0].applied.rosters.created + loads[1].applied.rosters.created).toBe(18);
    expect(await rosterState(W.t, "vc")).toEqual(expected);
  });
});
