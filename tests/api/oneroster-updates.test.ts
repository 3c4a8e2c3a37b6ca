import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, enrollmentAssociations, userOrganizations, users } from "@/db/schema";
import { makeUser } from "../support/factories";
import { TEST_JOB_ENV, setEnv } from "../support/jobs";
import { districtRoster, zipBundle, type Files, type Rec } from "../support/oneroster";
import { apply, changes, dryRun, loadWorld, withLoadWorlds } from "../support/oneroster-loads";

setEnv(TEST_JOB_ENV);

/**
 * What later OneRoster bundles do to the teachers an earlier one brought: names, member id and email
 * follow the SIS through the users API. Each test: its own world (loadWorld: district D, district D2
 * with school X, another tenant) and its own sourcedId and email prefix (sign-in names are unique
 * across tenants).
 */
let W: Awaited<ReturnType<typeof loadWorld>>;
withLoadWorlds((world) => (W = world), loadWorld);

/** One school, two teachers with a child each; `prefix` names every record and email. */
const roster = (prefix: string, stateIdStart: number) =>
  districtRoster({ districtIdentifier: `OR-D-${W.t}`, schools: 1, teachersPerSchool: 2, childrenPerTeacher: 1, prefix, stateIdStart });

async function load(token: string, files: Files, modes: Parameters<typeof zipBundle>[1] = {}) {
  const checked = await dryRun(token, zipBundle(files, modes));
  expect(checked.status).toBe("checked");
  return { checked, applied: await apply(token, checked.id) };
}

const account = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];
const rosterOf = async (userId: number) => (await db().select().from(enrollmentAssociations).where(eq(enrollmentAssociations.userId, userId))).length;
const teacher = (files: Files, sourcedId: string) => files.users!.find((u) => u.sourcedId === sourcedId)!;
const reasons = (load: { refused: Rec[] }) => load.refused.map((r) => `${r.file}:${r.line}:${r.sourcedId}: ${r.reason}`);

describe("a known teacher's changes", () => {
  it("updates names, member id and email (also the sign-in name) through the users API with its audit row; the rest unchanged; again: nothing", async () => {
    const files = roster("ua", 21);
    await load(W.districtAdmin, files);
    const before = await account("ua-t1-1@or.example");
    const kept = await account("ua-t1-2@or.example");
    expect(before).toMatchObject({ firstName: "Teacher1", lastName: "School1", tenantMemberId: "T1-1" });
    expect(await rosterOf(before.id)).toBe(1);

    Object.assign(teacher(files, "ua-t1-1"), { givenName: "Renamed", familyName: "Married", identifier: "T-NEW", email: "UA-New@or.example" });
    const { checked, applied } = await load(W.districtAdmin, files);
    expect(checked.refused).toEqual([]);
    expect(changes(checked.planned)).toEqual({ teachers: { updated: 1 } });
    expect(checked.planned.teachers.unchanged).toBe(1);
    expect(checked.planned.rosters.unchanged).toBe(2);
    expect(applied.refused).toEqual([]);
    expect(changes(applied.applied)).toEqual(changes(checked.planned));

    // The same account, changed; no second account; its roster entry kept.
    const after = (await db().select().from(users).where(eq(users.id, before.id)))[0];
    expect(after).toMatchObject({
      firstName: "Renamed",
      lastName: "Married",
      tenantMemberId: "T-NEW",
      email: "ua-new@or.example",
      username: "ua-new@or.example",
    });
    expect(await account("ua-t1-1@or.example")).toBeUndefined();
    expect(await rosterOf(before.id)).toBe(1);
    expect((await db().select().from(users).where(eq(users.id, kept.id)))[0]).toEqual(kept);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, W.t), eq(auditLog.requestId, `oneroster:${checked.id}`), eq(auditLog.entityType, "user")));
    expect(audits.map((a) => [a.action, a.entityId, a.details])).toEqual([
      ["update", before.id, expect.objectContaining({ fields: ["firstName", "lastName", "email", "tenantMemberId"], sessionsEnded: true })],
    ]);

    // The same bundle again: nothing to change. A blank identifier keeps the member id.
    teacher(files, "ua-t1-1").identifier = "";
    const again = await load(W.districtAdmin, files);
    expect(changes(again.checked.planned)).toEqual({});
    expect(changes(again.applied.applied)).toEqual({});
    expect((await db().select().from(users).where(eq(users.id, before.id)))[0].tenantMemberId).toBe("T-NEW");
  });

  it("applies a newer delta record, skips an older one, and refuses an email another account signs in with, changing nothing", async () => {
    const files = roster("ub", 22);
    await load(W.districtAdmin, files);
    const t1 = await account("ub-t1-1@or.example");
    const t2 = await account("ub-t1-2@or.example");
    const stamp = (r: Rec, at: string, more: Rec) => ({ ...r, status: "active", dateLastModified: at, ...more });
    const newer = await load(
      W.districtAdmin,
      { users: [stamp(teacher(files, "ub-t1-1"), "2026-09-02T10:00:00.000Z", { familyName: "Newer" })] },
      { modes: { users: "delta" } },
    );
    expect(changes(newer.checked.planned)).toEqual({ teachers: { updated: 1 } });
    expect(changes(newer.applied.applied)).toEqual({ teachers: { updated: 1 } });
    expect((await account("ub-t1-1@or.example")).lastName).toBe("Newer");
    const stale = await load(
      W.districtAdmin,
      { users: [stamp(teacher(files, "ub-t1-1"), "2026-09-01T10:00:00.000Z", { familyName: "Older" })] },
      { modes: { users: "delta" } },
    );
    expect(changes(stale.checked.planned)).toEqual({});
    expect((await account("ub-t1-1@or.example")).lastName).toBe("Newer");

    // Another tenant's account, and another teacher of ours, sign in with the emails asked for.
    const foreign = await makeUser(W.other, { email: "ub-taken@or.example", username: "ub-taken@or.example", firstName: "Foreign" });
    const taken = await load(
      W.districtAdmin,
      {
        users: [
          stamp(teacher(files, "ub-t1-1"), "2026-09-03T10:00:00.000Z", { email: "ub-taken@or.example", familyName: "Moved" }),
          stamp(teacher(files, "ub-t1-2"), "2026-09-03T10:00:00.000Z", { email: "ub-t1-1@or.example" }),
        ],
      },
      { modes: { users: "delta" } },
    );
    const refusal = "email: Another account already signs in with this email: the teacher's email is not changed";
    expect(reasons(taken.checked)).toEqual([`users.csv:2:ub-t1-1: ${refusal}`, `users.csv:3:ub-t1-2: ${refusal}`]);
    expect(reasons(taken.applied)).toEqual(reasons(taken.checked));
    expect(changes(taken.applied.applied)).toEqual({});
    // Nothing of either changed: names, emails, school links, roster entries; nor the other tenant's account.
    expect(await account("ub-t1-1@or.example")).toMatchObject({ id: t1.id, lastName: "Newer" });
    expect(await account("ub-t1-2@or.example")).toMatchObject({ id: t2.id, lastName: t2.lastName });
    expect([await rosterOf(t1.id), await rosterOf(t2.id)]).toEqual([1, 1]);
    expect((await db().select().from(users).where(eq(users.id, foreign.id)))[0]).toEqual(foreign);
  });

  it("changes a teacher made by hand only when a record has their email; leaves one beyond the loader's reach as it is", async () => {
    const files = roster("uc", 23);
    await load(W.districtAdmin, files);
    const school = (
      await db()
        .select()
        .from(userOrganizations)
        .where(eq(userOrganizations.userId, (await account("uc-t1-1@or.example")).id))
    )[0].parentId;
    // By hand: one with a record's email (not yet linked to it), one the bundle never names.
    const matched = await makeUser(W.t, {
      roles: ["ROLE_TEACHER"],
      orgs: [{ orgType: "location", id: school }],
      email: "uc-hand@or.example",
      username: "uc-hand@or.example",
    });
    const untouched = await makeUser(W.t, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: school }], firstName: "Teacher1", lastName: "School1" });
    files.users!.push({
      ...teacher(files, "uc-t1-2"),
      sourcedId: "uc-th",
      email: "uc-hand@or.example",
      givenName: "By",
      familyName: "Hand",
      identifier: "",
      role: "teacher",
    });
    const first = await load(W.districtAdmin, files, { extraColumns: { users: ["role"] } });
    expect(changes(first.checked.planned)).toEqual({ teachers: { updated: 1 } });
    expect((await db().select().from(users).where(eq(users.id, matched.id)))[0]).toMatchObject({ firstName: "By", lastName: "Hand" });
    expect((await db().select().from(users).where(eq(users.id, untouched.id)))[0]).toEqual(untouched);

    // A teacher also linked to a school of D2: the district admin may not change the account (the users API's rule).
    const shared = await account("uc-t1-2@or.example");
    await db().insert(userOrganizations).values({ tenantId: W.t, userId: shared.id, orgType: "location", parentId: W.x.id });
    teacher(files, "uc-t1-2").givenName = "Shared";
    const beyond = await load(W.districtAdmin, files, { extraColumns: { users: ["role"] } });
    expect(reasons(beyond.checked)).toEqual([
      "users.csv:4:uc-t1-2: givenName: This user also belongs to organizations outside your administration, or holds a role above yours",
    ]);
    expect(reasons(beyond.applied)).toEqual(reasons(beyond.checked));
    expect(changes(beyond.applied.applied)).toEqual({});
    expect((await account("uc-t1-2@or.example")).firstName).toBe("Teacher2");
    expect(await rosterOf(shared.id)).toBe(1);
    // The state's administrator reaches both districts.
    const state = await load(W.tenantAdmin, files, { extraColumns: { users: ["role"] } });
    expect(changes(state.applied.applied)).toEqual({ teachers: { updated: 1 } });
    expect((await account("uc-t1-2@or.example")).firstName).toBe("Shared");
    const both = await db()
      .select()
      .from(users)
      .where(and(eq(users.tenantId, W.t), inArray(users.email, ["uc-t1-1@or.example", "uc-t1-2@or.example", "uc-hand@or.example"])));
    expect(both).toHaveLength(3);
  });
});
