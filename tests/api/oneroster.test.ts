import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, rows } from "@/db/client";
import {
  auditLog,
  dataCollectionDistrictAssignments,
  enrollmentAssociations,
  studentDataCollectionAssignments,
  studentEnrollments,
  students,
  transfers,
  userOrganizations,
  users,
} from "@/db/schema";
import { GET as listGet, POST as loadPost } from "@/app/en/api/v1/oneroster/loads/route";
import { POST as applyPost } from "@/app/en/api/v1/oneroster/loads/[id]/apply/route";
import { GET as legacyGet } from "@/app/en/api/v1/data-collections/[id]/students/legacy/route";
import { call, tokenFor } from "../support/api";
import {
  makeAssessment,
  makeDataCollection,
  makeDistrict,
  makeEnrollment,
  makeLocation,
  makeRegion,
  makeSchoolYear,
  makeStudent,
  makeTenant,
  makeUser,
} from "../support/factories";
import { TEST_JOB_ENV, setEnv } from "../support/jobs";
import { districtRoster, zipBundle, type Files, type Rec } from "../support/oneroster";
import { apply, changes, dryRun, getLoad, settle, upload, withLoadWorlds } from "../support/oneroster-loads";

setEnv(TEST_JOB_ENV);

/**
 * The OneRoster 1.2 CSV intake. Tenant A: region R with district D (Unique ID OR-D-<t>; school S1 whose
 * Unique ID is the bundle's first school's identifier) and district D2 (school X); a district admin of
 * each, a school admin of S1, a tenant admin, a teacher. Tenant B: an admin. Each test uses its own
 * sourcedId prefix, so tests do not see each other's records.
 */
let W: Awaited<ReturnType<typeof world>>;

async function world() {
  const tenant = await makeTenant();
  const t = tenant.id;
  const region = await makeRegion(t);
  const d = await makeDistrict(t, region.id, { uniqueId: `OR-D-${t}` });
  const d2 = await makeDistrict(t, region.id, { uniqueId: `OR-D2-${t}` });
  const s1 = await makeLocation(t, d.id, { uniqueId: `a-S1`, name: "a Elementary 1" });
  const x = await makeLocation(t, d2.id);
  const districtAdmin = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d.id, administrative: true }] });
  const otherDistrictAdmin = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d2.id, administrative: true }] });
  const schoolAdmin = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "location", id: s1.id, administrative: true }] });
  const tenantAdmin = await makeUser(t, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const teacher = await makeUser(t, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: s1.id }] });
  const other = await makeTenant();
  const otherAdmin = await makeUser(other.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  return {
    t,
    region,
    d,
    d2,
    s1,
    x,
    districtAdmin: await tokenFor(districtAdmin),
    otherDistrictAdmin: await tokenFor(otherDistrictAdmin),
    schoolAdmin: await tokenFor(schoolAdmin),
    tenantAdmin: await tokenFor(tenantAdmin),
    teacher: await tokenFor(teacher),
    otherAdmin: await tokenFor(otherAdmin),
  };
}

withLoadWorlds((made) => (W = made), world);

const roster = (prefix: string, more: Partial<Parameters<typeof districtRoster>[0]> = {}) =>
  districtRoster({ districtIdentifier: `OR-D-${W.t}`, schools: 2, teachersPerSchool: 1, childrenPerTeacher: 3, prefix, ...more });

const auditCount = async () => (await rows<{ n: number }>(db(), sql`select count(*)::int as n from audit_log where tenant_id = ${W.t}`))[0].n;
const stateIds = (files: Files) => files.users!.filter((u) => u.identifier?.match(/^\d+$/)).map((u) => u.identifier);

describe("a district's bundle: dry run, apply, second load", () => {
  it("plans without writing, applies every mapping with its audit rows, and a second load of the same bundle changes nothing", async () => {
    const files = roster("a");
    const before = await auditCount();
    const checked = await dryRun(W.districtAdmin, zipBundle(files));
    expect(checked.status).toBe("checked");
    expect(checked.refused).toEqual([]);
    expect(changes(checked.planned)).toEqual({
      schools: { created: 1 },
      teachers: { created: 2 },
      students: { created: 6 },
      enrollments: { created: 6 },
      rosters: { created: 6 },
    });
    expect(checked.planned.schools.unchanged).toBe(1);
    expect(checked.planned.districts.unchanged).toBe(1);
    // The dry run wrote nothing but its own request's audit row.
    const ids = stateIds(files);
    expect(
      await db()
        .select()
        .from(students)
        .where(and(eq(students.tenantId, W.t), inArray(students.tenantUniqueId, ids))),
    ).toEqual([]);
    expect(await auditCount()).toBe(before + 1);

    const applied = await apply(W.districtAdmin, checked.id);
    expect(applied.status).toBe("applied");
    expect(applied.refused).toEqual([]);
    expect(changes(applied.applied)).toEqual(changes(checked.planned));

    const kids = await db()
      .select()
      .from(students)
      .where(and(eq(students.tenantId, W.t), inArray(students.tenantUniqueId, ids)));
    expect(kids.map((k) => k.tenantUniqueId).sort()).toEqual([...ids].sort());
    expect(ids.every((id) => id.startsWith("000"))).toBe(true);
    // Child 3: female (odd), white (odd) and Hispanic (3): 32 + 8; born 2021-04-13; middle name M.
    const k3 = kids.find((k) => k.tenantUniqueId === "0000000003")!;
    expect(k3).toMatchObject({ firstName: "Child3", middleName: "M", gender: "FEMALE", race: 40, dob: "2021-04-13" });
    // Child 4: male, Black (4): 4.
    expect(kids.find((k) => k.tenantUniqueId === "0000000004")).toMatchObject({ gender: "MALE", race: 4, middleName: null });
    // Schools: s1 matched by identifier (kept), s2 created under the district with its identifier.
    const enrolled = await db()
      .select()
      .from(studentEnrollments)
      .where(
        inArray(
          studentEnrollments.studentId,
          kids.map((k) => k.id),
        ),
      );
    expect(enrolled.every((e) => e.active && e.isPointOfAuthority && e.districtId === W.d.id)).toBe(true);
    expect(enrolled.filter((e) => e.locationId === W.s1.id)).toHaveLength(3);
    // Teachers with their school links and the teacher role; each class's children on its teacher's roster.
    const teachers = await db()
      .select()
      .from(users)
      .where(and(eq(users.tenantId, W.t), inArray(users.email, ["a-t1-1@or.example", "a-t2-1@or.example"])));
    expect(teachers).toHaveLength(2);
    const links = await db()
      .select()
      .from(userOrganizations)
      .where(
        inArray(
          userOrganizations.userId,
          teachers.map((u) => u.id),
        ),
      );
    expect(links.map((l) => l.parentId)).toContain(W.s1.id);
    const rostered = await db()
      .select()
      .from(enrollmentAssociations)
      .where(
        inArray(
          enrollmentAssociations.userId,
          teachers.map((u) => u.id),
        ),
      );
    expect(rostered).toHaveLength(6);
    const t1 = teachers.find((u) => u.email === "a-t1-1@or.example")!;
    expect(rostered.filter((r) => r.userId === t1.id).every((r) => r.locationId === W.s1.id)).toBe(true);
    // Audit rows in the load's name: children, enrollments, teachers, school, rosters.
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, W.t), eq(auditLog.requestId, `oneroster:${checked.id}`)));
    const created = (type: string) => audits.filter((a) => a.action === "create" && a.entityType === type).length;
    expect(created("enrollment_association")).toBe(6);
    expect(created("location")).toBe(1);
    expect(created("user")).toBeGreaterThanOrEqual(2);
    const childAudits = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.tenantId, W.t),
          eq(auditLog.entityType, "student"),
          eq(auditLog.action, "create"),
          inArray(
            auditLog.entityId,
            kids.map((k) => k.id),
          ),
        ),
      );
    expect(childAudits).toHaveLength(6);
    expect(childAudits[0].details).toMatchObject({ oneRosterLoadId: checked.id });

    // The same bundle again (a new upload): nothing to change, nothing written.
    const afterFirst = await auditCount();
    const again = await dryRun(W.districtAdmin, zipBundle(files));
    expect(changes(again.planned)).toEqual({});
    expect(again.planned.students.unchanged).toBe(6);
    expect(again.planned.rosters.unchanged).toBe(6);
    const second = await apply(W.districtAdmin, again.id);
    expect(changes(second.applied)).toEqual({});
    // Only the two requests' own audit rows (dry run, apply).
    expect(await auditCount()).toBe(afterFirst + 2);
  });
});

describe("deltas and moves", () => {
  it("applies tobedeleted and dateLastModified: a roster entry and a child end, a newer name updates, an older record is skipped", async () => {
    const files = roster("b", { stateIdStart: 2 });
    await apply(W.districtAdmin, (await dryRun(W.districtAdmin, zipBundle(files))).id);
    const [k1, k2, k3] = files.users!.filter((u) => u.sourcedId.startsWith("b-k"));
    const delta: Files = {
      users: [
        { ...k1, status: "active", dateLastModified: "2026-09-01T10:00:00.000Z", givenName: "Renamed" },
        { ...k2, status: "tobedeleted", dateLastModified: "2026-09-01T10:00:00.000Z" },
      ],
      enrollments: [
        { ...files.enrollments!.find((e) => e.userSourcedId === k3.sourcedId)!, status: "tobedeleted", dateLastModified: "2026-09-01T10:00:00.000Z" },
      ],
    };
    const checked = await dryRun(W.districtAdmin, zipBundle(delta, { modes: { users: "delta", enrollments: "delta" } }));
    expect(checked.refused).toEqual([]);
    expect(changes(checked.planned)).toEqual({ students: { updated: 1, ended: 1 }, enrollments: { ended: 1 }, rosters: { ended: 2 } });
    const applied = await apply(W.districtAdmin, checked.id);
    expect(changes(applied.applied)).toEqual(changes(checked.planned));
    const [renamed] = await db()
      .select()
      .from(students)
      .where(and(eq(students.tenantId, W.t), eq(students.tenantUniqueId, k1.identifier)));
    expect(renamed.firstName).toBe("Renamed");
    const [gone] = await db()
      .select()
      .from(students)
      .where(and(eq(students.tenantId, W.t), eq(students.tenantUniqueId, k2.identifier)));
    const [ended] = await db().select().from(studentEnrollments).where(eq(studentEnrollments.studentId, gone.id));
    expect(ended.active).toBe(false);
    const ends = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, W.t), eq(auditLog.action, "end"), eq(auditLog.studentId, gone.id)));
    expect(ends).toHaveLength(1);
    // k3 stays enrolled (their school is their org) but is off the roster.
    const [k3row] = await db()
      .select()
      .from(students)
      .where(and(eq(students.tenantId, W.t), eq(students.tenantUniqueId, k3.identifier)));
    const [k3enr] = await db().select().from(studentEnrollments).where(eq(studentEnrollments.studentId, k3row.id));
    expect(k3enr.active).toBe(true);
    expect(await db().select().from(enrollmentAssociations).where(eq(enrollmentAssociations.studentEnrollmentId, k3enr.id))).toEqual([]);

    // The same delta again changes nothing; an older record than the one kept is skipped.
    expect(changes((await dryRun(W.districtAdmin, zipBundle(delta, { modes: { users: "delta", enrollments: "delta" } }))).planned)).toEqual({});
    // A delta of demographics alone: k1's race and sex change.
    const race = await dryRun(
      W.districtAdmin,
      zipBundle(
        {
          demographics: [
            {
              sourcedId: k1.sourcedId,
              status: "active",
              dateLastModified: "2026-09-02T10:00:00.000Z",
              birthDate: "2021-01-02",
              sex: "other",
              asian: "true",
              hispanicOrLatinoEthnicity: "true",
            },
          ],
        },
        { modes: { demographics: "delta" } },
      ),
    );
    expect(changes(race.planned)).toEqual({ students: { updated: 1 } });
    await apply(W.districtAdmin, race.id);
    const [raced] = await db().select().from(students).where(eq(students.id, renamed.id));
    expect(raced).toMatchObject({ race: 10, gender: "NON-BINARY", dob: "2021-01-02", firstName: "Renamed" });
    const stale = await dryRun(
      W.districtAdmin,
      zipBundle({ users: [{ ...k1, status: "active", dateLastModified: "2026-08-01T10:00:00.000Z", givenName: "Old" }] }, { modes: { users: "delta" } }),
    );
    expect(changes(stale.planned)).toEqual({});
  });

  it("moves a child who changed schools as an approved transfer: the same enrollment moves with what hangs on it", async () => {
    const files = roster("c", { stateIdStart: 3 });
    await apply(W.districtAdmin, (await dryRun(W.districtAdmin, zipBundle(files))).id);
    const kid = files.users!.find((u) => u.sourcedId === "c-k1")!;
    const [child] = await db()
      .select()
      .from(students)
      .where(and(eq(students.tenantId, W.t), eq(students.tenantUniqueId, kid.identifier)));
    const [enrollment] = await db().select().from(studentEnrollments).where(eq(studentEnrollments.studentId, child.id));
    const from = enrollment.locationId;
    // Something keyed by the enrollment (scores, results and assignments are): it must follow the child.
    const refs = { schoolYearId: (await makeSchoolYear()).id, assessmentId: (await makeAssessment()).id };
    const collection = await makeDataCollection(W.t, refs);
    await db()
      .insert(studentDataCollectionAssignments)
      .values({ tenantId: W.t, studentEnrollmentId: enrollment.id, dataCollectionId: collection.id, token: `tok-${W.t}-c` });
    // In the SIS the child now sits in school 2's class.
    const moved: Files = {
      ...files,
      users: files.users!.map((u) => (u.sourcedId === "c-k1" ? { ...u, primaryOrgSourcedId: "c-s2" } : u)),
      enrollments: files.enrollments!.map((e) => (e.userSourcedId === "c-k1" ? { ...e, classSourcedId: "c-c2-1", schoolSourcedId: "c-s2" } : e)),
    };
    const checked = await dryRun(W.districtAdmin, zipBundle(moved));
    expect(changes(checked.planned)).toEqual({ transfers: { created: 1 }, rosters: { created: 1, ended: 1 } });
    const applied = await apply(W.districtAdmin, checked.id);
    expect(changes(applied.applied)).toEqual({ transfers: { created: 1 }, rosters: { created: 1, ended: 1 } });
    const [after] = await db().select().from(studentEnrollments).where(eq(studentEnrollments.id, enrollment.id));
    expect(after.locationId).not.toBe(from);
    expect(after.active).toBe(true);
    const [transfer] = await db().select().from(transfers).where(eq(transfers.studentEnrollmentId, enrollment.id));
    expect(transfer).toMatchObject({ status: "approved", originLocationId: from, destinationLocationId: after.locationId });
    const [assignment] = await db().select().from(studentDataCollectionAssignments).where(eq(studentDataCollectionAssignments.dataCollectionId, collection.id));
    expect(assignment.studentEnrollmentId).toBe(enrollment.id);
    const [moved2] = await db().select().from(students).where(eq(students.id, child.id));
    expect(moved2.parentLocationId).toBe(after.locationId);
    // And again: nothing.
    expect(changes((await dryRun(W.districtAdmin, zipBundle(moved))).planned)).toEqual({});
  });
});

describe("a collection", () => {
  it("assigns the children to the collection the load names, so the new class is on its teacher's scoring screen; again: nothing", async () => {
    const refs = { schoolYearId: (await makeSchoolYear()).id, assessmentId: (await makeAssessment()).id };
    const collection = await makeDataCollection(W.t, refs);
    await db().insert(dataCollectionDistrictAssignments).values({ tenantId: W.t, dataCollectionId: collection.id, districtId: W.d.id });
    const files = roster("j", { schools: 1, childrenPerTeacher: 2, stateIdStart: 10 });
    const checked = await dryRun(W.districtAdmin, zipBundle(files), { dataCollectionId: collection.id });
    expect(changes(checked.planned)).toMatchObject({ assignments: { created: 2 }, rosters: { created: 2 } });
    const applied = await apply(W.districtAdmin, checked.id);
    expect(applied.refused).toEqual([]);
    expect(applied.applied.assignments.created).toBe(2);
    const [teacher] = await db()
      .select()
      .from(users)
      .where(and(eq(users.tenantId, W.t), eq(users.email, "j-t1-1@or.example")));
    const screen = await call(legacyGet, "GET", "/x", { token: await tokenFor(teacher), params: { id: String(collection.id) } });
    expect(screen.status).toBe(200);
    expect(screen.body.students.map((s: { tenantUniqueId?: string; stateId?: string }) => s.tenantUniqueId ?? s.stateId).sort()).toEqual([
      "0010000001",
      "0010000002",
    ]);
    expect(changes((await dryRun(W.districtAdmin, zipBundle(files), { dataCollectionId: collection.id })).planned)).toEqual({});
    const other = await makeTenant();
    const foreign = await makeDataCollection(other.id, refs);
    const refused = await call(loadPost, "POST", "/en/api/v1/oneroster/loads", {
      token: W.districtAdmin,
      body: { fileId: await upload(W.districtAdmin, zipBundle(files)), dataCollectionId: foreign.id },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe("Collection not found");
  });
});

describe("the state id's source", () => {
  it("takes it from a userIds type or a metadata column, keeping leading zeros", async () => {
    const files = roster("e", { schools: 1, childrenPerTeacher: 2, stateIdStart: 5 });
    const kids = files.users!.filter((u) => u.sourcedId.startsWith("e-k"));
    kids.forEach((k, i) => {
      k.userIds = `{stateID:00E${i}},{district:x}`;
      k["metadata.ssid"] = `007${i}`;
    });
    const byType = await dryRun(W.districtAdmin, zipBundle(files), { stateIdSource: "userIds", stateIdField: "stateID" });
    expect(byType.planned.students.created).toBe(2);
    await apply(W.districtAdmin, byType.id);
    const found = await db()
      .select()
      .from(students)
      .where(and(eq(students.tenantId, W.t), inArray(students.tenantUniqueId, ["00E0", "00E1"])));
    expect(found).toHaveLength(2);
    const byMeta = await dryRun(W.districtAdmin, zipBundle(files, { extraColumns: { users: ["metadata.ssid"] } }), {
      stateIdSource: "metadata",
      stateIdField: "ssid",
    });
    expect(byMeta.planned.students.created).toBe(2);
    const missing = await dryRun(W.districtAdmin, zipBundle(files), { stateIdSource: "metadata", stateIdField: "ssid" });
    expect(missing.refused.map((r: Rec) => r.reason)).toEqual([
      "metadata.ssid: The state id (metadata.ssid) is blank",
      "metadata.ssid: The state id (metadata.ssid) is blank",
    ]);
  });
});

describe("refusals", () => {
  it("names every refused row with its file, line and reason, and plans the rest", async () => {
    const files = roster("f", { schools: 1, childrenPerTeacher: 3, stateIdStart: 6 });
    files.orgs!.push({ sourcedId: "f-orphan", name: "Orphan", type: "school", identifier: "f-O", parentSourcedId: "nowhere" });
    files.orgs!.push({ sourcedId: "f-bad", name: "Bad", type: "campus", identifier: "", parentSourcedId: "f-d" });
    files.orgs!.push({ sourcedId: "f-other", name: "Not ours", type: "district", identifier: `OR-D2-${W.t}`, parentSourcedId: "" });
    files.orgs!.push({ sourcedId: "f-unknown", name: "Unknown", type: "district", identifier: "NOPE", parentSourcedId: "" });
    const kids = files.users!.filter((u) => u.sourcedId.startsWith("f-k"));
    kids[0].identifier = "";
    kids[1].identifier = "00 1";
    files.users!.push({ sourcedId: "f-nomail", enabledUser: "true", givenName: "No", familyName: "Mail", role: "teacher", primaryOrgSourcedId: "f-s1" });
    files.users!.push({ ...kids[2] });
    files.enrollments!.push({ sourcedId: "f-e-x", classSourcedId: "nope", schoolSourcedId: "f-s1", userSourcedId: kids[2].sourcedId, role: "student" });
    files.enrollments!.push({
      sourcedId: "f-e-y",
      classSourcedId: "f-c1-1",
      schoolSourcedId: "f-s1",
      userSourcedId: kids[2].sourcedId,
      role: "pupil",
      beginDate: "2026-02-30",
    });
    files.demographics![0].sex = "M";
    files.users!.push({ sourcedId: "f-norole", enabledUser: "true", givenName: "No", familyName: "Role", primaryOrgSourcedId: "f-s1" });
    const checked = await dryRun(W.districtAdmin, zipBundle(files, { extraColumns: { users: ["role"] } }));
    const reasons = checked.refused.map((r: Rec) => `${r.file}:${r.line}:${r.sourcedId}: ${r.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        "orgs.csv:5:f-bad: type: Must be one of department, school, district, local, state, national",
        `orgs.csv:6:f-other: identifier: District OR-D2-${W.t} is outside your reach`,
        "orgs.csv:7:f-unknown: identifier: No district of yours has the Unique ID NOPE: enter the OneRoster identifier as your district's Unique ID",
        "orgs.csv:4:f-orphan: parentSourcedId: The school's district is not in the bundle, or was refused, or is outside your reach",
        "users.csv:3:f-k1: identifier: The state id (identifier) is blank",
        "users.csv:4:f-k2: identifier: Must be letters, digits or dashes",
        "users.csv:7:f-k3: sourcedId: Repeats line 5",
        "users.csv:6:f-nomail: email: A teacher needs an email (their sign-in name)",
        "enrollments.csv:7:f-e-y: role: Must be one of administrator, proctor, student, teacher; beginDate: Must be a date (YYYY-MM-DD)",
        "enrollments.csv:6:f-e-x: classSourcedId: No class with this sourcedId in the bundle or an earlier load (or it was refused)",
        "demographics.csv:2:f-k1: sex: Must be one of male, female, unspecified, other",
        "users.csv:8:f-norole: role: The user's role is not known: no roles.csv row, role column or class enrollment names it",
      ]),
    );
    expect(checked.refusedCount).toBe(reasons.length);
    // The good child is planned; the refused ones are not.
    expect(checked.planned.students.created).toBe(1);
  });

  it("refuses broken references, an account that is not a teacher, a child without a school or with another's state id, and reversed dates", async () => {
    await makeUser(W.t, { roles: ["ROLE_DATA_MANAGER"], email: "k-dm@or.example", username: "k-dm@or.example" });
    const files = roster("k", { schools: 1, childrenPerTeacher: 2, stateIdStart: 11 });
    files.academicSessions!.push({ sourcedId: "k-y2", title: "Backwards", type: "term", startDate: "2026-09-01", endDate: "2026-08-01", schoolYear: "2027" });
    files.classes!.push({
      sourcedId: "k-cx",
      title: "Nowhere",
      courseSourcedId: "k-k",
      classType: "scheduled",
      schoolSourcedId: "k-nowhere",
      termSourcedIds: "k-y",
    });
    files.enrollments!.push({ sourcedId: "k-e-ghost", classSourcedId: "k-c1-1", schoolSourcedId: "k-s1", userSourcedId: "ghost", role: "student" });
    files.enrollments!.push({ sourcedId: "k-e-elsewhere", classSourcedId: "k-c1-1", schoolSourcedId: "k-d", userSourcedId: "k-k1", role: "student" });
    Object.assign(
      files.enrollments!.find((e) => e.userSourcedId === "k-k2")!,
      { beginDate: "2026-09-01", endDate: "2026-08-01" },
    );
    // (Without that enrollment only a role names k-k2 a child.)
    files.users!.find((u) => u.sourcedId === "k-k2")!.role = "student";
    files.users!.push({
      sourcedId: "k-dm",
      enabledUser: "true",
      givenName: "Data",
      familyName: "Manager",
      email: "K-DM@or.example",
      role: "teacher",
      primaryOrgSourcedId: "k-s1",
    });
    files.users!.push({ sourcedId: "k-lost", enabledUser: "true", givenName: "Lost", familyName: "Child", identifier: "0011999999", role: "student" });
    files.users!.push({
      sourcedId: "k-twin",
      enabledUser: "true",
      givenName: "Twin",
      familyName: "Child",
      identifier: "0011000001",
      role: "student",
      primaryOrgSourcedId: "k-s1",
    });
    const checked = await dryRun(W.districtAdmin, zipBundle(files, { extraColumns: { users: ["role"] } }));
    expect(checked.refused.map((r: Rec) => `${r.file}:${r.line}:${r.sourcedId}: ${r.reason}`)).toEqual([
      "academicSessions.csv:3:k-y2: endDate: Is before startDate",
      "users.csv:5:k-dm: email: An account with this email exists and is not an enabled teacher",
      "users.csv:6:k-lost: orgSourcedIds: The child belongs to no school of the bundle (no org and no current class enrollment)",
      "users.csv:7:k-twin: identifier: The state id 0011000001 is also the state id of user k-k1",
      "classes.csv:3:k-cx: schoolSourcedId: No school with this sourcedId in the bundle or an earlier load (or it was refused)",
      "enrollments.csv:4:k-c1-1-k-k2: endDate: Is before beginDate",
      "enrollments.csv:5:k-e-ghost: userSourcedId: No user with this sourcedId in the bundle or an earlier load",
      "enrollments.csv:6:k-e-elsewhere: schoolSourcedId: Is not the school of the class",
    ]);
  });

  it("refuses the whole bundle for a missing manifest, a file the manifest names but the zip lacks, or a missing column", async () => {
    const { zipSync, strToU8 } = await import("fflate");
    const noManifest = await dryRun(W.districtAdmin, zipSync({ "users.csv": strToU8("sourcedId\n") }));
    expect(noManifest).toMatchObject({ status: "failed", message: "The bundle has no manifest.csv" });
    const lacking = await dryRun(W.districtAdmin, zipBundle({ orgs: [] }, { modes: { users: "bulk" } }));
    expect(lacking.message).toBe("The manifest names files the bundle does not hold: users.csv");
    const old = await dryRun(W.districtAdmin, zipBundle({ orgs: [] }, { manifest: { "oneroster.version": "1.1" } }));
    expect(old.message).toBe("manifest.csv: oneroster.version must be 1.2 (this intake reads OneRoster 1.2)");
    const columns = zipSync({
      "manifest.csv": strToU8("propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.orgs,bulk\n"),
      "orgs.csv": strToU8("sourcedId,name,type\n"),
    });
    expect((await dryRun(W.districtAdmin, columns)).message).toBe("orgs.csv is missing the columns: status, dateLastModified, identifier, parentSourcedId");
  });
});

describe("tenant admin", () => {
  it("creates an unknown district under the region it names, with its schools", async () => {
    const files = districtRoster({ districtIdentifier: `NEW-${W.t}`, schools: 1, teachersPerSchool: 1, childrenPerTeacher: 1, prefix: "g", stateIdStart: 7 });
    const refused = await dryRun(W.tenantAdmin, zipBundle(files));
    expect(refused.refused[0].reason).toBe("identifier: No district has this Unique ID: choose the region new districts go under");
    const checked = await dryRun(W.tenantAdmin, zipBundle(files), { regionId: W.region.id });
    expect(changes(checked.planned)).toMatchObject({ districts: { created: 1 }, schools: { created: 1 }, students: { created: 1 } });
    const applied = await apply(W.tenantAdmin, checked.id);
    expect(applied.refused).toEqual([]);
    const [district] = await rows<{ region_id: number }>(db(), sql`select region_id from districts where tenant_id = ${W.t} and unique_id = ${`NEW-${W.t}`}`);
    expect(district.region_id).toBe(W.region.id);
  });
});

describe("the routes' rules", () => {
  it("answers 400 with the field's message, 403 to a teacher and a school's admin, 404 for another's upload or load, 409 to apply before the dry run", async () => {
    const bytes = zipBundle({ orgs: [] });
    const bad = await call(loadPost, "POST", "/en/api/v1/oneroster/loads", { token: W.districtAdmin, body: { fileId: 1, stateIdSource: "ssn" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "stateIdSource", message: "Must be one of: identifier, userIds, metadata" }]);
    const noField = await call(loadPost, "POST", "/en/api/v1/oneroster/loads", { token: W.districtAdmin, body: { fileId: 1, stateIdSource: "userIds" } });
    expect(noField.body.errors).toEqual([{ field: "stateIdField", message: "Name the userIds type or the metadata column" }]);
    const region = await call(loadPost, "POST", "/en/api/v1/oneroster/loads", {
      token: W.districtAdmin,
      body: { fileId: await upload(W.districtAdmin, bytes), regionId: W.region.id },
    });
    expect(region.status).toBe(400);
    expect((await call(loadPost, "POST", "/en/api/v1/oneroster/loads", { token: W.teacher, body: { fileId: 1 } })).status).toBe(403);
    const school = await call(loadPost, "POST", "/en/api/v1/oneroster/loads", { token: W.schoolAdmin, body: { fileId: await upload(W.schoolAdmin, bytes) } });
    expect(school.status).toBe(403);
    expect(school.body.message).toBe("Only a district's or the state's administrator loads OneRoster bundles");
    // Another person's upload, another tenant's upload: 404.
    const mine = await upload(W.districtAdmin, bytes);
    expect((await call(loadPost, "POST", "/en/api/v1/oneroster/loads", { token: W.otherDistrictAdmin, body: { fileId: mine } })).status).toBe(404);
    expect((await call(loadPost, "POST", "/en/api/v1/oneroster/loads", { token: W.otherAdmin, body: { fileId: mine } })).status).toBe(404);
    const before = await auditCount();
    const load = await call(loadPost, "POST", "/en/api/v1/oneroster/loads", { token: W.districtAdmin, body: { fileId: mine } });
    const id = load.body.load.id as number;
    // Posting the same upload again answers the same load.
    expect((await call(loadPost, "POST", "/en/api/v1/oneroster/loads", { token: W.districtAdmin, body: { fileId: mine } })).body.load.id).toBe(id);
    await settle(W.districtAdmin, id, ["checked", "failed"]);
    // Another district's admin, another tenant: the load is not theirs (404), and nothing changes.
    expect((await getLoad(W.otherDistrictAdmin, id)).status).toBe(404);
    expect((await getLoad(W.otherAdmin, id)).status).toBe(404);
    const foreign = await call(applyPost, "POST", `/en/api/v1/oneroster/loads/${id}/apply`, { token: W.otherAdmin, params: { id: String(id) } });
    expect(foreign.status).toBe(404);
    expect((await call(applyPost, "POST", `/en/api/v1/oneroster/loads/${id}/apply`, { token: W.teacher, params: { id: String(id) } })).status).toBe(403);
    expect((await getLoad(W.districtAdmin, id)).body.load.status).toBe("checked");
    expect(await auditCount()).toBe(before + 1);
    // The tenant admin sees it; the list shows one's own.
    expect((await getLoad(W.tenantAdmin, id)).status).toBe(200);
    const list = await call(listGet, "GET", "/en/api/v1/oneroster/loads", { token: W.otherDistrictAdmin });
    expect(list.body.loads.map((l: { id: number }) => l.id)).not.toContain(id);
    // Applied twice: 409 the second time.
    await apply(W.districtAdmin, id);
    const twice = await call(applyPost, "POST", `/en/api/v1/oneroster/loads/${id}/apply`, { token: W.districtAdmin, params: { id: String(id) } });
    expect(twice.status).toBe(409);
  });

  it("keeps a district admin to their district: another district's children and schools are refused", async () => {
    // A child enrolled in D2 named by D's bundle.
    const stranger = await makeStudent(W.t, { tenantUniqueId: "0900000001" });
    await makeEnrollment(W.t, stranger.id, W.x, { isPointOfAuthority: true });
    const files = roster("h", { schools: 1, childrenPerTeacher: 1, stateIdStart: 8 });
    files.users!.find((u) => u.sourcedId === "h-k1")!.identifier = "0900000001";
    const checked = await dryRun(W.districtAdmin, zipBundle(files));
    expect(checked.refused.map((r: Rec) => r.reason)).toEqual(["identifier: The child is enrolled in another district: that district transfers them to you"]);
    // The other district's admin loading D's bundle: D is out of reach, so everything under it is refused.
    const foreign = await dryRun(W.otherDistrictAdmin, zipBundle(roster("i", { schools: 1, childrenPerTeacher: 1, stateIdStart: 9 })));
    expect(foreign.refused[0].reason).toBe(`identifier: District OR-D-${W.t} is outside your reach`);
    expect(changes(foreign.planned)).toEqual({});
  });
});
