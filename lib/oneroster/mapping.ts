import { checkStudentRow, type StudentRow } from "@/lib/bulk-load/columns";
import { BEYOND_REACH } from "@/lib/users/messages";
import { createUserBody } from "@/lib/users/schemas";
import type { OneRosterRecords, OrClass, OrDemographics, OrEnrollment, OrOrg, OrUser, Refusal } from "./records";

/**
 * The OneRoster mapping: records (from a CSV bundle or, later, the REST pull) and a snapshot of our
 * side (snapshot.ts) in, a plan out: what to create, update and end per kind, the refused records
 * with reasons, and the sourcedId links to keep. Pure and deterministic: the dry run shows the plan's
 * counts; the apply (apply.ts) carries the plan out through the existing services and loaders.
 *
 * The bundle's records are laid over the records of earlier loads (the snapshot's links): a delta
 * file's records replace theirs and `tobedeleted` removes them; a bulk file is the whole set, so an
 * earlier class or enrollment it no longer holds is removed. A record older (dateLastModified) than
 * the one kept is stale and skipped. From that merged set come the wanted state (schools, teachers
 * and their school links, children with their fields, their schools and their teachers' rosters),
 * compared with ours: only differences become changes, so a second load of the same bundle plans none.
 */

export type StateIdSource = { from: "identifier" } | { from: "userIds"; type: string } | { from: "metadata"; field: string };

/** A school or district that exists (id) or that the apply creates first (the OneRoster sourcedId). */
export type Ref = { id: number } | { sourcedId: string };
const refKey = (ref: Ref) => ("id" in ref ? `#${ref.id}` : `@${ref.sourcedId}`);

export interface LinkRow {
  kind: "district" | "school" | "teacher" | "student" | "class" | "enrollment";
  sourcedId: string;
  entityId: number | null;
  data: Record<string, unknown>;
  active: boolean;
  dateLastModified: string | null;
}

export interface SnapshotStudent {
  id: number;
  stateId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  dob: string | null;
  gender: StudentRow["gender"];
  ell: boolean;
  lowSes: boolean;
  specialEducation: boolean;
  disabilityCode: string | null;
  race: number;
  merged: boolean;
  parentLocationId: number | null;
  /** Active enrollments, all locations (in reach or not). */
  enrollments: { id: number; locationId: number; poa: boolean }[];
}

export interface SnapshotTeacher {
  id: number;
  /** Lower-cased. */
  email: string;
  firstName: string;
  lastName: string;
  memberId: string | null;
  enabled: boolean;
  teacher: boolean;
  locations: number[];
  /** Why the loader may not change the account through the users API: their own, or beyond their reach; null: they may. */
  blocked: "self" | "beyond" | null;
}

export interface Snapshot {
  tenantWide: boolean;
  /** Districts the loader administers (all the tenant's when tenant-wide). */
  reachDistricts: number[];
  /** Where new districts go (a tenant admin's load names it); null: none may be created. */
  regionId: number | null;
  districts: { id: number; regionId: number; uniqueId: string | null; name: string; active: boolean }[];
  /** Locations of the districts in reach. */
  locations: { id: number; districtId: number; uniqueId: string | null; name: string; active: boolean }[];
  links: LinkRow[];
  /** Children by state id: the bundle's and the linked ones. */
  students: Map<string, SnapshotStudent>;
  /** Accounts by lower-cased email: the bundle's teachers and the linked ones (by their link's account, whatever its email now). */
  teachers: Map<string, SnapshotTeacher>;
  /** Sign-in names in any tenant that the bundle's emails are, with their account's id (unique across tenants); absent: none. */
  signInNames?: Map<string, number>;
  /** Unique IDs of the tenant's locations (any district) that the bundle's school identifiers are; absent: none. */
  locationUniqueIds?: Set<string>;
  /** Roster entries at locations in reach, with the teacher's email and the child's state id. */
  rosters: { id: number; userId: number; email: string; enrollmentId: number; studentId: number; stateId: string; locationId: number }[];
  /** The collection the load assigns its children to (the request's), and the children's schools already assigned to it (`stateId|locationId`). */
  collection: { id: number; assigned: Set<string> } | null;
  /** Today (YYYY-MM-DD): an enrollment ended before it is not wanted. */
  today: string;
}

export type KindCounts = { created: number; updated: number; ended: number; unchanged: number };
export const PLAN_KINDS = ["districts", "schools", "teachers", "students", "enrollments", "transfers", "rosters", "assignments"] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export interface PlannedStudent {
  row: StudentRow;
  /** Where the child's (first) wanted school is; the apply sets row.locationId from it. */
  school: Ref;
  sourcedId: string;
  existingId: number | null;
}

/** A known teacher's changed fields; `field` names the first of them as the bundle does (for a refusal). */
export type TeacherChange = { field: string; firstName?: string; lastName?: string; email?: string; memberId?: string };

export interface Plan {
  districts: { create: { sourcedId: string; name: string; identifier: string }[] };
  schools: { create: { sourcedId: string; name: string; identifier: string; district: Ref }[]; update: { id: number; name: string }[]; end: { id: number }[] };
  teachers: {
    create: { sourcedId: string; email: string; firstName: string; lastName: string; memberId: string; school: Ref }[];
    /** A school link: the account by id when it exists, else by the email it is created with. */
    link: { email: string; userId: number | null; school: Ref }[];
    /** An account's changed fields, for the users API's update. */
    update: ({ sourcedId: string; userId: number } & TeacherChange)[];
  };
  /** Children to create or update (set-based through the students bulk loader); unchanged ones are left out. */
  students: PlannedStudent[];
  /** A second school of a child: one loader row each, after `students`. */
  extraEnrollments: PlannedStudent[];
  transfers: { studentId: number; enrollmentId: number; fromLocationId: number; to: Ref }[];
  endEnrollments: { enrollmentId: number; studentId: number; locationId: number }[];
  rosters: { create: { stateId: string; email: string; school: Ref }[]; end: { associationId: number; studentId: number }[] };
  /** Each child's enrollment at each of their schools, assigned to the load's collection (Primary). */
  assignments: { stateId: string; school: Ref; sourcedId: string }[];
  links: LinkRow[];
  counts: Record<PlanKind, KindCounts>;
  refused: Refusal[];
}

/** JSON with keys sorted at every level: jsonb gives the keys back in its own order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value ?? null);
}

const zero = (): KindCounts => ({ created: 0, updated: 0, ended: 0, unchanged: 0 });

/** Race bits of the tenant's race codes (db/reference-data.ts) for the OneRoster flags. */
const RACE_BITS: [keyof OrDemographics, number][] = [
  ["americanIndianOrAlaskaNative", 1],
  ["asian", 2],
  ["blackOrAfricanAmerican", 4],
  ["hispanicOrLatinoEthnicity", 8],
  ["nativeHawaiianOrOtherPacificIslander", 16],
  ["white", 32],
  ["demographicRaceTwoOrMoreRaces", 128],
];

export function raceOf(d: OrDemographics): number {
  return RACE_BITS.reduce((sum, [field, bit]) => (d[field] === true ? sum | bit : sum), 0);
}

const GENDERS: Record<string, StudentRow["gender"]> = { male: "MALE", female: "FEMALE", other: "NON-BINARY", unspecified: "UNKNOWN", "": "UNKNOWN" };

/** The metadata columns read as flags (the first present wins), on demographics.csv or users.csv. */
const FLAG_FIELDS = {
  englishLanguageLearner: ["englishLanguageLearner", "ell", "englishLearner", "limitedEnglishProficiency"],
  lowSes: ["lowSes", "economicallyDisadvantaged"],
  specialEducation: ["specialEducation", "iep", "studentWithDisabilities"],
  specialEducationDisabilityCode: ["specialEducationDisabilityCode", "disabilityCode"],
} as const;

function metaValue(metadata: Record<string, string>[], names: readonly string[]): string | undefined {
  for (const m of metadata) for (const n of names) if (m[n] !== undefined && m[n] !== "") return m[n];
  return undefined;
}

export function stateIdOf(user: OrUser, source: StateIdSource): string {
  if (source.from === "identifier") return user.identifier;
  if (source.from === "userIds") return user.userIds.find((u) => u.type === source.type)?.identifier ?? "";
  return user.metadata[source.field] ?? "";
}

const stateIdLabel = (source: StateIdSource) =>
  source.from === "identifier" ? "identifier" : source.from === "userIds" ? `userIds {${source.type}:…}` : `metadata.${source.field}`;

/** Merge earlier records (links) with the bundle's: bulk replaces, delta overlays, tobedeleted removes, stale is skipped. */
function merged<T extends { sourcedId: string; status: string; dateLastModified: string | null }>(
  mode: string,
  bundle: T[],
  earlier: Map<string, { dateLastModified: string | null; record: T }>,
  inScope: (record: T) => boolean,
): { records: Map<string, T>; stale: Set<string> } {
  const records = new Map<string, T>();
  const stale = new Set<string>();
  if (mode !== "bulk") for (const [id, e] of earlier) records.set(id, e.record);
  else for (const [id, e] of earlier) if (!inScope(e.record)) records.set(id, e.record);
  for (const r of bundle) {
    const before = earlier.get(r.sourcedId);
    if (before?.dateLastModified && r.dateLastModified && r.dateLastModified < before.dateLastModified) {
      stale.add(r.sourcedId);
      if (mode === "bulk") records.set(r.sourcedId, before.record);
      continue;
    }
    if (r.status === "tobedeleted") records.delete(r.sourcedId);
    else records.set(r.sourcedId, r);
  }
  return { records, stale };
}

export function planLoad(bundle: OneRosterRecords, snapshot: Snapshot, source: StateIdSource): Plan {
  // A user or demographics record older than the one an earlier load kept is stale: left out, as if the bundle did not hold it.
  const kept = new Map(snapshot.links.filter((l) => l.kind === "student" || l.kind === "teacher").map((l) => [l.sourcedId, l.dateLastModified]));
  const fresh = (r: { sourcedId: string; dateLastModified: string | null }) => {
    const before = kept.get(r.sourcedId);
    return !before || !r.dateLastModified || r.dateLastModified >= before;
  };
  const records: OneRosterRecords = { ...bundle, users: bundle.users.filter(fresh), demographics: bundle.demographics.filter(fresh) };
  const refused: Refusal[] = [];
  const counts = Object.fromEntries(PLAN_KINDS.map((k) => [k, zero()])) as Record<PlanKind, KindCounts>;
  const plan: Plan = {
    districts: { create: [] },
    schools: { create: [], update: [], end: [] },
    teachers: { create: [], link: [], update: [] },
    students: [],
    extraEnrollments: [],
    transfers: [],
    endEnrollments: [],
    rosters: { create: [], end: [] },
    assignments: [],
    links: [],
    counts,
    refused,
  };
  const refuse = (file: string, r: { line: number; sourcedId: string }, reason: string) => refused.push({ file, line: r.line, sourcedId: r.sourcedId, reason });
  const linksOf = (kind: LinkRow["kind"]) => new Map(snapshot.links.filter((l) => l.kind === kind).map((l) => [l.sourcedId, l]));
  const linkIndex = new Map(snapshot.links.map((l) => [`${l.kind}|${l.sourcedId}`, l]));
  const keepLink = (link: LinkRow) => {
    const before = linkIndex.get(`${link.kind}|${link.sourcedId}`);
    if (
      !before ||
      before.entityId !== link.entityId ||
      before.active !== link.active ||
      before.dateLastModified !== link.dateLastModified ||
      canonical(before.data) !== canonical(link.data)
    )
      plan.links.push(link);
  };
  const reach = new Set(snapshot.reachDistricts);

  // --- Orgs: districts, then schools (a school's district is its nearest district ancestor).
  const orgsById = new Map(records.orgs.map((o) => [o.sourcedId, o]));
  const districtLinks = linksOf("district");
  const schoolLinks = linksOf("school");
  const districtRef = new Map<string, Ref>();
  for (const [sourcedId, link] of districtLinks)
    if (link.active && link.entityId && reach.has(link.entityId)) districtRef.set(sourcedId, { id: link.entityId });
  // createDistrict's rule: two active districts of a region do not share a name (any case).
  const districtNames = new Set(snapshot.districts.filter((d) => d.active && d.regionId === snapshot.regionId).map((d) => d.name.toLowerCase()));
  for (const org of records.orgs.filter((o) => o.type === "district")) {
    if (org.status === "tobedeleted") {
      refuse("orgs.csv", org, "status: A district is not ended by a roster load; ask the state's administrator");
      continue;
    }
    const linked = districtLinks.get(org.sourcedId)?.entityId;
    const ours = linked
      ? snapshot.districts.find((d) => d.id === linked)
      : org.identifier
        ? snapshot.districts.find((d) => d.uniqueId !== null && d.uniqueId.toLowerCase() === org.identifier.toLowerCase())
        : undefined;
    if (ours) {
      if (!reach.has(ours.id)) refuse("orgs.csv", org, `identifier: District ${org.identifier || org.sourcedId} is outside your reach`);
      else {
        districtRef.set(org.sourcedId, { id: ours.id });
        counts.districts.unchanged++;
        keepLink({ kind: "district", sourcedId: org.sourcedId, entityId: ours.id, data: {}, active: true, dateLastModified: org.dateLastModified });
      }
    } else if (!snapshot.tenantWide)
      refuse(
        "orgs.csv",
        org,
        `identifier: No district of yours has the Unique ID ${org.identifier || "(blank)"}: enter the OneRoster identifier as your district's Unique ID`,
      );
    else if (snapshot.regionId === null) refuse("orgs.csv", org, "identifier: No district has this Unique ID: choose the region new districts go under");
    else if (districtNames.has(org.name.toLowerCase())) refuse("orgs.csv", org, `name: A district named ${org.name} already exists in this region`);
    else {
      districtNames.add(org.name.toLowerCase());
      districtRef.set(org.sourcedId, { sourcedId: org.sourcedId });
      plan.districts.create.push({ sourcedId: org.sourcedId, name: org.name, identifier: org.identifier });
      counts.districts.created++;
    }
  }
  const districtOf = (org: OrOrg): Ref | undefined => {
    let parent = org.parentSourcedId;
    for (let hops = 0; parent && hops < 5; hops++) {
      const found = districtRef.get(parent);
      if (found) return found;
      parent = orgsById.get(parent)?.parentSourcedId ?? "";
    }
    return undefined;
  };
  const schoolRef = new Map<string, Ref>();
  for (const [sourcedId, link] of schoolLinks)
    if (link.active && link.entityId && snapshot.locations.some((l) => l.id === link.entityId)) schoolRef.set(sourcedId, { id: link.entityId });
  const usedNames = new Set<string>();
  const usedIdentifiers = new Set<string>();
  for (const org of records.orgs.filter((o) => o.type === "school")) {
    const linked = schoolLinks.get(org.sourcedId)?.entityId ?? null;
    if (org.status === "tobedeleted") {
      const ours = snapshot.locations.find((l) => l.id === linked);
      if (ours?.active) {
        plan.schools.end.push({ id: ours.id });
        counts.schools.ended++;
        schoolRef.delete(org.sourcedId);
        keepLink({ kind: "school", sourcedId: org.sourcedId, entityId: ours.id, data: {}, active: false, dateLastModified: org.dateLastModified });
      }
      continue;
    }
    const district = districtOf(org);
    if (!district) {
      refuse("orgs.csv", org, "parentSourcedId: The school's district is not in the bundle, or was refused, or is outside your reach");
      continue;
    }
    const districtId = "id" in district ? district.id : null;
    const inDistrict = snapshot.locations.filter((l) => l.districtId === districtId);
    const ours =
      (linked !== null ? snapshot.locations.find((l) => l.id === linked) : undefined) ??
      (org.identifier ? inDistrict.find((l) => l.uniqueId !== null && l.uniqueId.toLowerCase() === org.identifier.toLowerCase()) : undefined) ??
      inDistrict.find((l) => l.active && l.name.toLowerCase() === org.name.toLowerCase());
    const nameKey = `${refKey(district)}|${org.name.toLowerCase()}`;
    if (org.name.length > 200) {
      refuse("orgs.csv", org, "name: Name must be 200 characters or fewer");
      continue;
    }
    if (ours) {
      schoolRef.set(org.sourcedId, { id: ours.id });
      if (!ours.active) {
        refuse("orgs.csv", org, "sourcedId: The school is inactive here: reactivate it first");
        schoolRef.delete(org.sourcedId);
        continue;
      }
      if (ours.name !== org.name) {
        plan.schools.update.push({ id: ours.id, name: org.name });
        counts.schools.updated++;
      } else counts.schools.unchanged++;
      keepLink({ kind: "school", sourcedId: org.sourcedId, entityId: ours.id, data: {}, active: true, dateLastModified: org.dateLastModified });
    } else if (usedNames.has(nameKey)) refuse("orgs.csv", org, `name: A location named ${org.name} already exists in this district`);
    else {
      usedNames.add(nameKey);
      schoolRef.set(org.sourcedId, { sourcedId: org.sourcedId });
      // The identifier becomes the new school's Unique ID when free (createLocation's rule: unique in the tenant).
      const free = org.identifier.length <= 50 && !snapshot.locationUniqueIds?.has(org.identifier) && !usedIdentifiers.has(org.identifier);
      if (free) usedIdentifiers.add(org.identifier);
      plan.schools.create.push({ sourcedId: org.sourcedId, name: org.name, identifier: free ? org.identifier : "", district });
      counts.schools.created++;
    }
  }
  const schoolInScope = (sourcedId: string) => schoolRef.has(sourcedId);

  // --- Classes and enrollments: the bundle's laid over the earlier loads'.
  const classLinks = linksOf("class");
  const enrollmentLinks = linksOf("enrollment");
  const earlierClasses = new Map(
    [...classLinks].filter(([, l]) => l.active).map(([id, l]) => [id, { dateLastModified: l.dateLastModified, record: l.data as unknown as OrClass }]),
  );
  const earlierEnrollments = new Map(
    [...enrollmentLinks]
      .filter(([, l]) => l.active)
      .map(([id, l]) => [id, { dateLastModified: l.dateLastModified, record: l.data as unknown as OrEnrollment }]),
  );
  const classes = merged(records.modes.classes, records.classes, earlierClasses, (c) => schoolInScope(c.schoolSourcedId)).records;
  const userLinks = new Map([...linksOf("student"), ...linksOf("teacher")]);
  const usersById = new Map(records.users.map((u) => [u.sourcedId, u]));
  for (const c of records.classes)
    if (c.status === "active" && classes.get(c.sourcedId) === c && !schoolInScope(c.schoolSourcedId)) {
      refuse("classes.csv", c, "schoolSourcedId: No school with this sourcedId in the bundle or an earlier load (or it was refused)");
      classes.delete(c.sourcedId);
    }
  const enrollments = merged(records.modes.enrollments, records.enrollments, earlierEnrollments, (e) => schoolInScope(e.schoolSourcedId)).records;
  for (const e of records.enrollments) {
    if (e.status !== "active" || enrollments.get(e.sourcedId) !== e) continue;
    const problem = !classes.has(e.classSourcedId)
      ? "classSourcedId: No class with this sourcedId in the bundle or an earlier load (or it was refused)"
      : !usersById.has(e.userSourcedId) && !userLinks.get(e.userSourcedId)?.active
        ? "userSourcedId: No user with this sourcedId in the bundle or an earlier load"
        : classes.get(e.classSourcedId)!.schoolSourcedId !== e.schoolSourcedId
          ? "schoolSourcedId: Is not the school of the class"
          : null;
    if (problem) {
      refuse("enrollments.csv", e, problem);
      enrollments.delete(e.sourcedId);
    }
  }
  const current = (e: OrEnrollment) => !e.endDate || e.endDate >= snapshot.today;

  // --- Users: whether each is a teacher or a child (role, else their enrollments).
  const enrollmentRole = new Map<string, string>();
  for (const e of enrollments.values()) if (!enrollmentRole.has(e.userSourcedId) || e.role === "teacher") enrollmentRole.set(e.userSourcedId, e.role);
  const kindOf = (u: OrUser): "teacher" | "student" | null => {
    const role = u.role || enrollmentRole.get(u.sourcedId) || "";
    return role === "teacher" ? "teacher" : role === "student" ? "student" : null;
  };
  const demographics = new Map(records.demographics.filter((d) => d.status === "active").map((d) => [d.sourcedId, d]));
  for (const d of records.demographics)
    if (d.status === "active" && !usersById.has(d.sourcedId) && !userLinks.has(d.sourcedId))
      refuse("demographics.csv", d, "sourcedId: No user with this sourcedId in the bundle or an earlier load");

  // Who is refused: their enrollments go too (a roster cannot name them).
  const refusedUsers = new Set<string>();
  /** The schools of a user: their orgs that are schools, and the schools of their current enrollments. */
  const enrollmentsOf = new Map<string, OrEnrollment[]>();
  for (const e of enrollments.values()) enrollmentsOf.set(e.userSourcedId, [...(enrollmentsOf.get(e.userSourcedId) ?? []), e]);
  const schoolsOf = (sourcedId: string, orgs: string[]): string[] => {
    const list = orgs.filter(schoolInScope);
    for (const e of enrollmentsOf.get(sourcedId) ?? []) if (current(e) && !list.includes(e.schoolSourcedId)) list.push(e.schoolSourcedId);
    return list;
  };

  // A user whose role nothing tells (no roles.csv row, no role column, no class enrollment) cannot be placed.
  for (const u of records.users)
    if (u.status === "active" && !u.role && !enrollmentRole.has(u.sourcedId))
      refuse("users.csv", u, "role: The user's role is not known: no roles.csv row, role column or class enrollment names it");

  // Teachers: the account an earlier load linked to the record (whatever its email is now), else the account with the record's email.
  const teacherLinks = linksOf("teacher");
  const teacherById = new Map([...snapshot.teachers.values()].map((a) => [a.id, a]));
  const linkedAccount = (sourcedId: string) => {
    const id = teacherLinks.get(sourcedId)?.entityId;
    return id ? teacherById.get(id) : undefined;
  };
  const teacherEmail = new Map<string, string>();
  for (const [sourcedId, link] of teacherLinks)
    if (link.active && typeof link.data.email === "string") teacherEmail.set(sourcedId, linkedAccount(sourcedId)?.email ?? link.data.email);
  /** The new email of an account whose email this load changes: its roster entries are the same teacher's. */
  const emailAfter = new Map<number, string>();
  /** The record that has each email, and each account: two records are never one account. */
  const recordOfEmail = new Map<string, string>();
  const recordOfAccount = new Map<number, string>();
  const plannedLinks = new Set<string>();
  for (const u of records.users) {
    if (u.status !== "active" || kindOf(u) !== "teacher") continue;
    // A refused teacher changes nothing: not their account, school links or roster entries.
    const refuseTeacher = (reason: string) => {
      refuse("users.csv", u, reason);
      refusedUsers.add(u.sourcedId);
      teacherEmail.delete(u.sourcedId);
    };
    const email = u.email.toLowerCase();
    const schools = schoolsOf(u.sourcedId, u.orgSourcedIds);
    const problem = !email
      ? "email: A teacher needs an email (their sign-in name)"
      : !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
        ? "email: Must be a valid email address"
        : !schools.length
          ? "orgSourcedIds: The teacher belongs to no school of the bundle"
          : u.givenName.length > 100 || u.familyName.length > 100
            ? "givenName: Names must be at most 100 characters"
            : null;
    if (problem) {
      refuseTeacher(problem);
      continue;
    }
    // The users API's own field rules (createUser's and updateUser's), so the apply meets no refusal the plan could know.
    const fields = createUserBody.safeParse({ firstName: u.givenName, lastName: u.familyName, email, tenantMemberId: u.identifier, sendInvite: false });
    if (!fields.success) {
      const issue = fields.error.issues[0];
      refuseTeacher(`${USER_FIELDS[String(issue.path[0])] ?? "email"}: ${issue.message}`);
      continue;
    }
    const twin = recordOfEmail.get(email);
    if (twin) {
      refuseTeacher(`email: The email is also the email of user ${twin}`);
      continue;
    }
    const ours = linkedAccount(u.sourcedId) ?? snapshot.teachers.get(email);
    if (ours && (!ours.enabled || !ours.teacher)) {
      refuseTeacher("email: An account with this email exists and is not an enabled teacher");
      continue;
    }
    const sameAccount = ours && recordOfAccount.get(ours.id);
    if (sameAccount) {
      refuseTeacher(`email: The account with this email is also the account of user ${sameAccount}`);
      continue;
    }
    const update = ours ? teacherChanges(ours, u, email) : null;
    if (!ours || update?.email !== undefined) {
      // Sign-in names are unique across tenants: createUser and updateUser refuse an email another account signs in with.
      const holder = snapshot.signInNames?.get(email);
      if ((holder !== undefined && holder !== ours?.id) || (ours && snapshot.teachers.has(email))) {
        refuseTeacher(`email: Another account already signs in with this email${ours ? ": the teacher's email is not changed" : ""}`);
        continue;
      }
    }
    if (update && ours!.blocked) {
      refuseTeacher(`${update.field}: ${ours!.blocked === "self" ? "Your own account is changed on your profile page, not by a roster load" : BEYOND_REACH}`);
      continue;
    }
    teacherEmail.set(u.sourcedId, email);
    recordOfEmail.set(email, u.sourcedId);
    if (ours) recordOfAccount.set(ours.id, u.sourcedId);
    if (ours && update?.email !== undefined) emailAfter.set(ours.id, email);
    let changed = false;
    schools.forEach((school, i) => {
      const ref = schoolRef.get(school)!;
      if (ours && "id" in ref && ours.locations.includes(ref.id)) return;
      if (!ours && i === 0) return;
      const key = `${email}|${refKey(ref)}`;
      if (plannedLinks.has(key)) return;
      plannedLinks.add(key);
      plan.teachers.link.push({ email, userId: ours?.id ?? null, school: ref });
      changed = true;
    });
    if (!ours) {
      plan.teachers.create.push({
        sourcedId: u.sourcedId,
        email,
        firstName: u.givenName,
        lastName: u.familyName,
        memberId: u.identifier,
        school: schoolRef.get(schools[0])!,
      });
      counts.teachers.created++;
    } else if (changed || update) {
      if (update) plan.teachers.update.push({ sourcedId: u.sourcedId, userId: ours.id, ...update });
      counts.teachers.updated++;
    } else counts.teachers.unchanged++;
    keepLink({ kind: "teacher", sourcedId: u.sourcedId, entityId: ours?.id ?? null, data: { email }, active: true, dateLastModified: u.dateLastModified });
  }

  // Children.
  type Wanted = { sourcedId: string; stateId: string; row: StudentRow | null; schools: string[]; primary: string | null };
  const wanted = new Map<string, Wanted>();
  const wantedByStateId = new Map<string, Wanted>();
  const studentLinks = linksOf("student");
  const usersMode = records.modes.users;
  const inBundle = new Set(records.users.map((u) => u.sourcedId));
  for (const u of records.users) {
    if (u.status !== "active" || kindOf(u) !== "student") continue;
    const stateId = stateIdOf(u, source);
    const ours = stateId ? snapshot.students.get(stateId) : undefined;
    const d = demographics.get(u.sourcedId);
    const metadata = [d?.metadata ?? {}, u.metadata];
    const flag = (names: readonly string[], fallback: boolean | undefined) => metaValue(metadata, names) ?? (fallback ? "1" : "0");
    const checked = checkStudentRow(u.line, (name) => {
      switch (name) {
        case "stateId":
          return stateId;
        case "firstName":
          return u.givenName;
        case "middleName":
          return u.middleName;
        case "lastName":
          return u.familyName;
        case "birthDate":
          return d ? d.birthDate : (ours?.dob ?? "");
        case "gender":
          return d ? GENDERS[d.sex] : (ours?.gender ?? "UNKNOWN");
        case "race":
          return String(d ? raceOf(d) : (ours?.race ?? 0));
        case "englishLanguageLearner":
          return flag(FLAG_FIELDS.englishLanguageLearner, ours?.ell);
        case "lowSes":
          return flag(FLAG_FIELDS.lowSes, ours?.lowSes);
        case "specialEducation":
          return flag(FLAG_FIELDS.specialEducation, ours?.specialEducation);
        case "specialEducationDisabilityCode":
          return metaValue(metadata, FLAG_FIELDS.specialEducationDisabilityCode) ?? ours?.disabilityCode ?? "";
        case "locationId":
          return "1";
        default:
          return "";
      }
    });
    const label = stateIdLabel(source);
    if (!checked.ok) {
      const reason = checked.reason
        .replace(/^stateId: Is required/, `${label}: The state id (${label}) is blank`)
        .replace(/stateId:/g, `${label}:`)
        .replace(/firstName:/g, "givenName:")
        .replace(/lastName:/g, "familyName:")
        .replace(/gender:/g, "sex:")
        .replace(/birthDate:/g, "birthDate:");
      refuse("users.csv", u, reason);
      refusedUsers.add(u.sourcedId);
      continue;
    }
    const earlier = wantedByStateId.get(stateId);
    if (earlier) {
      refuse("users.csv", u, `${label}: The state id ${stateId} is also the state id of user ${earlier.sourcedId}`);
      refusedUsers.add(u.sourcedId);
      continue;
    }
    if (ours?.merged) {
      refuse("users.csv", u, `${label}: Student State ID must be unique (it belongs to a merged record)`);
      refusedUsers.add(u.sourcedId);
      continue;
    }
    if (ours && !snapshot.tenantWide) {
      const inReach = (loc: number | null) => snapshot.locations.some((l) => l.id === loc);
      if (ours.enrollments.length && !ours.enrollments.some((e) => inReach(e.locationId)) && !inReach(ours.parentLocationId)) {
        refuse("users.csv", u, `${label}: The child is enrolled in another district: that district transfers them to you`);
        refusedUsers.add(u.sourcedId);
        continue;
      }
    }
    const schools = schoolsOf(u.sourcedId, u.orgSourcedIds);
    if (!schools.length) {
      refuse("users.csv", u, "orgSourcedIds: The child belongs to no school of the bundle (no org and no current class enrollment)");
      refusedUsers.add(u.sourcedId);
      continue;
    }
    const primaryEnrollment = (enrollmentsOf.get(u.sourcedId) ?? []).find((e) => e.primary && current(e));
    const primary = primaryEnrollment?.schoolSourcedId ?? u.orgSourcedIds.find(schoolInScope) ?? schools[0];
    const entry = { sourcedId: u.sourcedId, stateId, row: checked.row, schools, primary };
    wanted.set(u.sourcedId, entry);
    wantedByStateId.set(stateId, entry);
  }
  // Linked children the bundle does not name: a delta keeps them (their enrollments may change); a bulk users file ends them.
  for (const [sourcedId, link] of studentLinks) {
    if (!link.active || wanted.has(sourcedId) || inBundle.has(sourcedId)) continue;
    if (typeof link.data.stateId !== "string") continue;
    const schools = usersMode === "bulk" ? [] : schoolsOf(sourcedId, (link.data.orgs as string[] | undefined) ?? []);
    // A demographics record alone (a delta of demographics.csv) updates the child as we hold them.
    const d = demographics.get(sourcedId);
    const ours = snapshot.students.get(link.data.stateId);
    const row = d && ours && schools.length ? withDemographics(rowOf(ours), d) : null;
    wanted.set(sourcedId, { sourcedId, stateId: link.data.stateId, row, schools, primary: null });
  }
  for (const u of records.users)
    if (u.status === "tobedeleted" && studentLinks.get(u.sourcedId)?.active) {
      const stateId = studentLinks.get(u.sourcedId)!.data.stateId as string;
      wanted.set(u.sourcedId, { sourcedId: u.sourcedId, stateId, row: null, schools: [], primary: null });
    }

  const locationInScope = new Set(snapshot.locations.map((l) => l.id));
  const carried = new Set<string>();
  for (const w of wanted.values()) {
    const ours = snapshot.students.get(w.stateId);
    const refs = w.schools.map((s) => schoolRef.get(s)!).filter(Boolean);
    const have = (ours?.enrollments ?? []).filter((e) => locationInScope.has(e.locationId));
    const haveAt = new Set(have.map((e) => e.locationId));
    const missing = refs.filter((r) => !("id" in r) || !haveAt.has(r.id));
    const extra = have.filter((e) => !refs.some((r) => "id" in r && r.id === e.locationId));
    // A child who moved: an enrollment that is no longer wanted moves to a school that is (a transfer keeps its scores).
    extra.sort((a, b) => Number(b.poa) - Number(a.poa));
    const primaryRef = w.primary ? schoolRef.get(w.primary) : undefined;
    missing.sort(
      (a, b) => Number(primaryRef !== undefined && refKey(b) === refKey(primaryRef)) - Number(primaryRef !== undefined && refKey(a) === refKey(primaryRef)),
    );
    while (extra.length && missing.length) {
      const from = extra.shift()!;
      const to = missing.shift()!;
      plan.transfers.push({ studentId: ours!.id, enrollmentId: from.id, fromLocationId: from.locationId, to });
      // The enrollment's assignments move with it.
      if (snapshot.collection?.assigned.has(`${w.stateId}|${from.locationId}`)) carried.add(`${w.stateId}|${refKey(to)}`);
      counts.transfers.created++;
    }
    for (const e of extra) {
      plan.endEnrollments.push({ enrollmentId: e.id, studentId: ours!.id, locationId: e.locationId });
      counts.enrollments.ended++;
    }
    const row = w.row ?? (ours ? rowOf(ours) : null);
    if (w.row) {
      if (!ours) counts.students.created++;
      else if (differs(ours, w.row)) counts.students.updated++;
      else counts.students.unchanged++;
    } else if (!w.schools.length && have.length) counts.students.ended++;
    if (row && refs.length) {
      const first = primaryRef && refs.some((r) => refKey(r) === refKey(primaryRef)) ? primaryRef : refs[0];
      const needsRow = !ours || (w.row !== null && differs(ours, w.row)) || missing.some((m) => refKey(m) === refKey(first));
      if (needsRow) plan.students.push({ row, school: first, sourcedId: w.sourcedId, existingId: ours?.id ?? null });
      for (const m of missing) {
        if (refKey(m) === refKey(first)) continue;
        plan.extraEnrollments.push({ row, school: m, sourcedId: w.sourcedId, existingId: ours?.id ?? null });
      }
      counts.enrollments.created += missing.length;
      if (snapshot.collection)
        for (const ref of refs) {
          if (("id" in ref && snapshot.collection.assigned.has(`${w.stateId}|${ref.id}`)) || carried.has(`${w.stateId}|${refKey(ref)}`))
            counts.assignments.unchanged++;
          else {
            plan.assignments.push({ stateId: w.stateId, school: ref, sourcedId: w.sourcedId });
            counts.assignments.created++;
          }
        }
      counts.enrollments.unchanged += refs.length - missing.length;
    }
    const orgs = w.row ? (usersById.get(w.sourcedId)?.orgSourcedIds ?? []) : ((studentLinks.get(w.sourcedId)?.data.orgs as string[] | undefined) ?? []);
    keepLink({
      kind: "student",
      sourcedId: w.sourcedId,
      entityId: ours?.id ?? null,
      data: { stateId: w.stateId, orgs },
      active: w.schools.length > 0,
      dateLastModified: usersById.get(w.sourcedId)?.dateLastModified ?? studentLinks.get(w.sourcedId)?.dateLastModified ?? null,
    });
  }

  // --- Rosters: every teacher of a class with every child of it, at the class's school.
  const wantedRosters = new Map<string, { stateId: string; email: string; school: Ref }>();
  const byClass = new Map<string, OrEnrollment[]>();
  for (const e of enrollments.values()) {
    if (!current(e) || refusedUsers.has(e.userSourcedId)) continue;
    byClass.set(e.classSourcedId, [...(byClass.get(e.classSourcedId) ?? []), e]);
  }
  for (const [classId, list] of byClass) {
    const school = schoolRef.get(classes.get(classId)!.schoolSourcedId);
    if (!school) continue;
    const teachers = list.filter((e) => e.role === "teacher").flatMap((e) => teacherEmail.get(e.userSourcedId) ?? []);
    const children = list
      .filter((e) => e.role === "student")
      .flatMap((e) => {
        const w = wanted.get(e.userSourcedId);
        return w && w.schools.includes(e.schoolSourcedId) ? [w.stateId] : [];
      });
    for (const email of teachers) for (const stateId of children) wantedRosters.set(`${email}|${stateId}|${refKey(school)}`, { stateId, email, school });
  }
  const ownedEmails = new Set(teacherEmail.values());
  const ownedStateIds = new Set([...wanted.values()].map((w) => w.stateId));
  for (const r of snapshot.rosters) {
    const email = emailAfter.get(r.userId) ?? r.email.toLowerCase();
    if (!ownedEmails.has(email) || !ownedStateIds.has(r.stateId)) continue;
    const key = `${email}|${r.stateId}|#${r.locationId}`;
    if (wantedRosters.has(key)) {
      wantedRosters.delete(key);
      counts.rosters.unchanged++;
    } else {
      plan.rosters.end.push({ associationId: r.id, studentId: r.studentId });
      counts.rosters.ended++;
    }
  }
  plan.rosters.create = [...wantedRosters.values()];
  counts.rosters.created = plan.rosters.create.length;

  // --- Links of classes and enrollments (their records, so a delta can be laid over them).
  for (const [sourcedId, c] of classes)
    keepLink({ kind: "class", sourcedId, entityId: null, data: classData(c), active: true, dateLastModified: c.dateLastModified });
  for (const [sourcedId, e] of enrollments)
    keepLink({ kind: "enrollment", sourcedId, entityId: null, data: enrollmentData(e), active: true, dateLastModified: e.dateLastModified });
  for (const [sourcedId, l] of [...classLinks, ...enrollmentLinks])
    if (l.active && !classes.has(sourcedId) && !enrollments.has(sourcedId)) keepLink({ ...l, active: false });
  return plan;
}

/**
 * What the bundle changes of a known teacher's account: names and member id (a blank identifier keeps
 * ours), and the email (also the sign-in name); null when nothing. `field` is the first changed one's
 * bundle name, for a refusal.
 */
function teacherChanges(ours: SnapshotTeacher, u: OrUser, email: string): TeacherChange | null {
  const firstName = u.givenName.trim();
  const lastName = u.familyName.trim();
  const memberId = u.identifier.trim();
  const changes = {
    ...(firstName !== ours.firstName ? { firstName } : {}),
    ...(lastName !== ours.lastName ? { lastName } : {}),
    ...(memberId && memberId !== ours.memberId ? { memberId } : {}),
    ...(email !== ours.email ? { email } : {}),
  };
  const field = (["firstName", "lastName", "memberId", "email"] as const).find((k) => k in changes);
  return field ? { ...changes, field: { firstName: "givenName", lastName: "familyName", memberId: "identifier", email: "email" }[field] } : null;
}

/** The bundle's names of the users API's fields, for a refusal. */
const USER_FIELDS: Record<string, string> = { firstName: "givenName", lastName: "familyName", email: "email", tenantMemberId: "identifier" };

/** What a class link keeps: the fields the rosters need, none personal. */
const classData = (c: OrClass) => ({
  sourcedId: c.sourcedId,
  status: "active",
  dateLastModified: c.dateLastModified,
  line: 0,
  title: c.title,
  classCode: c.classCode,
  classType: c.classType,
  schoolSourcedId: c.schoolSourcedId,
  termSourcedIds: c.termSourcedIds,
});
const enrollmentData = (e: OrEnrollment) => ({
  sourcedId: e.sourcedId,
  status: "active",
  dateLastModified: e.dateLastModified,
  line: 0,
  classSourcedId: e.classSourcedId,
  schoolSourcedId: e.schoolSourcedId,
  userSourcedId: e.userSourcedId,
  role: e.role,
  primary: e.primary,
  beginDate: e.beginDate,
  endDate: e.endDate,
});

const TRUE_VALUES = new Set(["1", "y", "yes", "true", "t"]);

/** A child's row with a demographics record's birth date, sex, race and metadata flags laid over it. */
function withDemographics(row: StudentRow, d: OrDemographics): StudentRow {
  const flag = (names: readonly string[], held: boolean) => {
    const value = metaValue([d.metadata], names);
    return value === undefined ? held : TRUE_VALUES.has(value.toLowerCase());
  };
  return {
    ...row,
    dob: d.birthDate || null,
    gender: GENDERS[d.sex] ?? "UNKNOWN",
    race: raceOf(d),
    ell: flag(FLAG_FIELDS.englishLanguageLearner, row.ell),
    lowSes: flag(FLAG_FIELDS.lowSes, row.lowSes),
    specialEducation: flag(FLAG_FIELDS.specialEducation, row.specialEducation),
    disabilityCode: metaValue([d.metadata], FLAG_FIELDS.specialEducationDisabilityCode) ?? row.disabilityCode,
  };
}

function rowOf(s: SnapshotStudent): StudentRow {
  return {
    line: 0,
    stateId: s.stateId,
    firstName: s.firstName,
    middleName: s.middleName,
    lastName: s.lastName,
    dob: s.dob,
    gender: s.gender,
    ell: s.ell,
    lowSes: s.lowSes,
    specialEducation: s.specialEducation,
    disabilityCode: s.disabilityCode,
    race: s.race,
    locationId: 0,
    priorCare: null,
  };
}

/** Whether the loader would update the child (the fields it compares). */
function differs(s: SnapshotStudent, r: StudentRow): boolean {
  return (
    s.firstName !== r.firstName ||
    s.middleName !== r.middleName ||
    s.lastName !== r.lastName ||
    s.dob !== r.dob ||
    s.gender !== r.gender ||
    s.ell !== r.ell ||
    s.lowSes !== r.lowSes ||
    s.specialEducation !== r.specialEducation ||
    s.disabilityCode !== r.disabilityCode ||
    s.race !== r.race
  );
}
