import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, rows } from "@/db/client";
import { locations, users } from "@/db/schema";
import { handlers } from "@/jobs/registry";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { makeUser } from "../support/factories";
import { TEST_JOB_ENV, setEnv } from "../support/jobs";
import { districtRoster, zipBundle, type Rec } from "../support/oneroster";
import { apply, dryRun, loadWorld } from "../support/oneroster-loads";
import { useLocalStorage, type StorageUnderTest } from "../support/storage";

setEnv(TEST_JOB_ENV);

/**
 * What an apply meets: the refusals its dry run already names. Each test: its own world (loadWorld)
 * and its own sourcedId and email prefix (sign-in names are unique across tenants).
 */
let W: Awaited<ReturnType<typeof loadWorld>>;
let store: StorageUnderTest;

beforeAll(async () => {
  store = await useLocalStorage();
  await startWorkers(handlers);
});

beforeEach(async () => {
  W = await loadWorld();
});

afterAll(async () => {
  await stopWorkers();
  await store.stop();
});

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
