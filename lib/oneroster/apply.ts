import "server-only";
import { sql } from "drizzle-orm";
import { keepReach } from "@/lib/organisations/reach";
import { db, rows } from "@/db/client";
import { stageAndLoad } from "@/lib/bulk-load/load";
import { assignmentsLoader } from "@/lib/bulk-load/assignments";
import { rostersLoader } from "@/lib/bulk-load/rosters";
import { unassignFromTeacher } from "@/lib/enrollments/rosters";
import { createDistrict, createLocation, updateLocation } from "@/lib/organisations/admin-save";
import type { RequestContext } from "@/lib/auth/sessions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import type { AppError } from "@/lib/platform/errors";
import { createTransfer, decideTransfer } from "@/lib/transfers/service";
import { addLink } from "@/lib/users/links";
import { createUser, updateUser } from "@/lib/users/save";
import { createUserBody, updateUserBody } from "@/lib/users/schemas";
import type { KindCounts, Plan, PlanKind, Ref } from "./mapping";
import { PLAN_KINDS } from "./mapping";
import type { Refusal } from "./records";

/**
 * Carry out a plan (mapping.ts) inside the caller's one transaction (withTenant of the load's tenant),
 * as the person who asked for the load, through the services and loaders that already do each thing:
 * districts and schools by the organisations service, teachers by createUser, addLink and updateUser, roster
 * entries by the rosters bulk loader and unassignFromTeacher, a child who moved schools by
 * createTransfer + decideTransfer (the enrollment moves with its scores), children and their
 * enrollments by the students bulk loader's set-based statement. Each of those writes its own audit
 * rows; the intake adds only the end of an enrollment (no service ends one) with its audit row.
 * A service's refusal (an AppError) rolls back that one change (a savepoint) and is reported; any
 * other error fails the whole load (nothing is written).
 */

export interface Applied {
  counts: Record<PlanKind, KindCounts>;
  refused: Refusal[];
  /** Milliseconds per step (logged by the job: where an apply's time went). */
  ms: Record<string, number>;
}

/** A job has no request: updateUser reads it only on one's own profile, which the plan never changes. */
const NO_REQUEST: RequestContext = { ipAddress: "", userAgent: null, host: null };

const isAppError = (error: unknown): error is AppError =>
  error instanceof Error && error.name === "AppError" && typeof (error as { status?: unknown }).status === "number";

/** One change in its savepoint: a refusal is answered with its message, anything else fails the load. */
async function attempt<T>(fn: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; message: string; status: number }> {
  try {
    return { ok: true, value: await db().transaction(fn) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { ok: false, message: error.errors?.[0]?.message ?? error.message, status: error.status };
  }
}

export async function applyPlan(
  actor: Actor,
  plan: Plan,
  load: { id: number; regionId: number | null; dataCollectionId?: number | null },
  report: (phase: string) => void = () => undefined,
): Promise<Applied> {
  const ms: Record<string, number> = {};
  let current = "";
  let mark = performance.now();
  const step = (phase: string) => {
    if (current) ms[current] = Math.round(performance.now() - mark);
    current = phase;
    mark = performance.now();
    if (phase) report(phase);
  };
  const t = actor.tenantId;
  const origin: AuditOrigin = { requestId: `oneroster:${load.id}` };
  const counts = structuredClone(plan.counts);
  const refused: Refusal[] = [];
  const fail = (kind: PlanKind, what: "created" | "updated" | "ended", file: string, sourcedId: string, line: number, reason: string) => {
    counts[kind][what]--;
    refused.push({ file, line, sourcedId, reason });
  };

  step("organisations");
  const districtIds = new Map<string, number>();
  for (const d of plan.districts.create) {
    const done = await attempt(() =>
      createDistrict(
        actor,
        {
          parentRegionId: load.regionId ?? 0,
          nameLabel: d.name,
          isCensus: false,
          uniqueId: d.identifier && d.identifier.length <= 50 ? d.identifier : undefined,
        },
        origin,
      ),
    );
    if (done.ok) districtIds.set(d.sourcedId, done.value.id);
    else fail("districts", "created", "orgs.csv", d.sourcedId, 0, `name: ${done.message}`);
  }
  const schoolIds = new Map<string, number>();
  for (const s of plan.schools.create) {
    const parent = "id" in s.district ? s.district.id : districtIds.get(s.district.sourcedId);
    if (!parent) {
      fail("schools", "created", "orgs.csv", s.sourcedId, 0, "parentSourcedId: The school's district could not be created");
      continue;
    }
    const done = await attempt(() =>
      createLocation(
        actor,
        { parentDistrictId: parent, nameLabel: s.name, uniqueId: s.identifier && s.identifier.length <= 50 ? s.identifier : undefined },
        origin,
      ),
    );
    if (done.ok) schoolIds.set(s.sourcedId, done.value.id);
    else fail("schools", "created", "orgs.csv", s.sourcedId, 0, `name: ${done.message}`);
  }
  for (const s of plan.schools.update) {
    const done = await attempt(() => updateLocation(actor, { id: s.id, nameLabel: s.name }, origin));
    if (!done.ok) fail("schools", "updated", "orgs.csv", `#${s.id}`, 0, `name: ${done.message}`);
  }
  for (const s of plan.schools.end) {
    const done = await attempt(() => updateLocation(actor, { id: s.id, active: false }, origin));
    if (!done.ok) fail("schools", "ended", "orgs.csv", `#${s.id}`, 0, `status: ${done.message}`);
  }
  const idOf = (ref: Ref): number | undefined => ("id" in ref ? ref.id : schoolIds.get(ref.sourcedId));

  step("teachers");
  const teacherIds = new Map<string, number>();
  for (const u of plan.teachers.create) {
    const school = idOf(u.school);
    const input = createUserBody.safeParse({
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      tenantMemberId: u.memberId || null,
      // roles left out: the API's default, a teacher.
      organizations: school ? [{ orgType: "location", parentId: school }] : [],
      // Teachers sign in as the district arranges (an invitation from the users page, or a password reset); a roster load mails nobody.
      sendInvite: false,
    });
    if (!school || !input.success) {
      fail(
        "teachers",
        "created",
        "users.csv",
        u.sourcedId,
        0,
        input.success ? "orgSourcedIds: The teacher's school could not be created" : input.error.issues[0].message,
      );
      continue;
    }
    const done = await attempt(() => createUser(actor, input.data, origin));
    if (done.ok) teacherIds.set(u.email, done.value.id);
    else fail("teachers", "created", "users.csv", u.sourcedId, 0, `email: ${done.message}`);
  }
  for (const l of plan.teachers.link) {
    const userId = l.userId ?? teacherIds.get(l.email);
    const school = idOf(l.school);
    if (!userId || !school) continue;
    const done = await attempt(() => addLink(actor, userId, { orgType: "location", parentId: school, administrative: false, memberUniqueId: null }, origin));
    if (!done.ok && done.status !== 409) refused.push({ file: "users.csv", line: 0, sourcedId: l.email, reason: `orgSourcedIds: ${done.message}` });
  }
  // After the school links: the users API changes an account within the loader's reach.
  for (const u of plan.teachers.update) {
    const input = updateUserBody.safeParse({ id: u.userId, firstName: u.firstName, lastName: u.lastName, email: u.email, tenantMemberId: u.memberId });
    const done = input.success
      ? await attempt(() => updateUser(actor, input.data, NO_REQUEST, origin))
      : { ok: false as const, message: input.error.issues[0].message };
    if (!done.ok) fail("teachers", "updated", "users.csv", u.sourcedId, 0, `${u.field}: ${done.message}`);
  }

  step("rosters ended");
  for (const r of plan.rosters.end) {
    const done = await attempt(() => unassignFromTeacher(actor, r.associationId, origin));
    // Already gone (a transfer below or a person removed it): nothing to end.
    if (!done.ok && done.status !== 404) fail("rosters", "ended", "enrollments.csv", `#${r.associationId}`, 0, done.message);
  }

  step("enrollments ended");
  if (plan.endEnrollments.length) {
    const ended = await rows<{ id: number; student_id: number; location_id: number }>(
      db(),
      sql`update student_enrollments set active = false, updated_at = now()
        where tenant_id = ${t} and active and id in (select jsonb_array_elements_text(${JSON.stringify(plan.endEnrollments.map((e) => e.enrollmentId))}::jsonb)::int)
        returning id, student_id, location_id`,
    );
    counts.enrollments.ended = ended.length;
    await writeAudit(
      actor,
      ended.map((e) => ({
        action: "end",
        entityType: "student_enrollment",
        entityId: e.id,
        studentId: e.student_id,
        details: { oneRosterLoadId: load.id, locationId: e.location_id, fields: ["active"], before: { active: true }, after: { active: false } },
      })),
      origin,
    );
  }

  step("transfers");
  for (const move of plan.transfers) {
    const to = idOf(move.to);
    if (!to) {
      fail("transfers", "created", "users.csv", `#${move.studentId}`, 0, "orgSourcedIds: The child's new school could not be created");
      continue;
    }
    const done = await attempt(async () => {
      const requested = await createTransfer(actor, { studentId: move.studentId, enrollmentId: move.enrollmentId, locationId: to }, origin);
      return decideTransfer(actor, requested.transfer!.id, true, origin);
    });
    if (!done.ok) fail("transfers", "created", "users.csv", `#${move.studentId}`, 0, `orgSourcedIds: ${done.message}`);
  }

  step("students");
  // The loaders check each row against the requester's reach as a condition, which also takes the
  // schools this load has just created under the requester's districts.
  const loadInfo = {
    id: load.id,
    userId: actor.userId,
    impersonatorId: actor.impersonatorId,
    scope: keepReach(actor),
    detailsKey: "oneRosterLoadId",
  };
  const rowsFor = (list: Plan["students"]) =>
    list.flatMap((p) => {
      const locationId = idOf(p.school);
      return locationId ? [{ ...p.row, locationId }] : [];
    });
  const first = await stageAndLoad(t, loadInfo, rowsFor(plan.students));
  let enrolled = first.enrolled;
  const loaderRefused = [...first.refused];
  // A second school of a child: the same loader again (the child is there now, so only the enrollment is added).
  if (plan.extraEnrollments.length) {
    await db().execute(sql`drop table if exists bulk_rows, bulk_stage`);
    const bySchool = new Map<number, typeof plan.extraEnrollments>();
    for (const p of plan.extraEnrollments) {
      const id = idOf(p.school);
      if (id) bySchool.set(id, [...(bySchool.get(id) ?? []), p]);
    }
    // One pass per round of extra schools, so a state id appears once per pass.
    const passes: (typeof plan.extraEnrollments)[] = [];
    const seen = new Map<string, number>();
    for (const p of plan.extraEnrollments) {
      const n = seen.get(p.row.stateId) ?? 0;
      seen.set(p.row.stateId, n + 1);
      (passes[n] ??= []).push(p);
    }
    for (const pass of passes) {
      const more = await stageAndLoad(t, loadInfo, rowsFor(pass));
      await db().execute(sql`drop table if exists bulk_rows, bulk_stage`);
      enrolled += more.enrolled;
      loaderRefused.push(...more.refused);
    }
  }
  counts.students.created = first.created;
  counts.students.updated = first.updated;
  counts.enrollments.created = enrolled;
  const lineOf = new Map(plan.students.map((p) => [p.row.stateId, p]));
  for (const r of loaderRefused)
    refused.push({
      file: "users.csv",
      line: r.line,
      sourcedId: lineOf.get(r.stateId)?.sourcedId ?? "",
      reason: r.reason.replace(/^locationId:/, "orgSourcedIds:"),
    });

  step("rosters");
  if (plan.rosters.create.length) {
    const good = plan.rosters.create.flatMap((r, i) => {
      const locationId = idOf(r.school);
      return locationId ? [{ line: i + 1, key: r.stateId, row: { stateId: r.stateId, locationId, email: r.email, memberId: null } }] : [];
    });
    const result = await rostersLoader.load(t, { ...loadInfo, requestId: origin.requestId! }, good);
    counts.rosters.created = result.created;
    for (const r of result.refused) refused.push({ file: "enrollments.csv", line: 0, sourcedId: r.stateId, reason: r.reason });
  }

  if (plan.assignments.length && load.dataCollectionId) {
    step("assignments");
    const good = plan.assignments.flatMap((a, i) => {
      const locationId = idOf(a.school);
      return locationId
        ? [{ line: i + 1, key: a.stateId, row: { stateId: a.stateId, locationId, dataCollectionId: load.dataCollectionId!, teacherType: "Primary" as const } }]
        : [];
    });
    const result = await assignmentsLoader.load(t, { ...loadInfo, requestId: origin.requestId! }, good);
    counts.assignments.created = result.created;
    const bySourced = new Map(plan.assignments.map((a) => [a.stateId, a.sourcedId]));
    for (const r of result.refused) refused.push({ file: "users.csv", line: 0, sourcedId: bySourced.get(r.stateId) ?? r.stateId, reason: r.reason });
  }

  step("links");
  await writeLinks(t, plan, load.id, districtIds, schoolIds);
  step("");
  for (const kind of PLAN_KINDS) for (const k of ["created", "updated", "ended"] as const) counts[kind][k] = Math.max(0, counts[kind][k]);
  return { counts, refused, ms };
}

/** A list as one array value (an init plan, evaluated once): `col = any(...)` then filters one scan. */
const textArray = (list: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))`;

/**
 * The sourcedId links, with the ids of what the apply created (teachers by email, children by state
 * id). Those ids are read in one lookup per kind, not per link: before statistics (a first load into
 * a fresh database) a lookup per link read the tenant's whole set of children for each child, 7.5 of
 * 13.9 s for 8,000 children, and growing with the square of a district's size.
 */
async function writeLinks(t: number, plan: Plan, loadId: number, districtIds: Map<string, number>, schoolIds: Map<string, number>) {
  if (!plan.links.length) return;
  const links = plan.links.map((l) => ({
    k: l.kind,
    s: l.sourcedId,
    e: l.entityId ?? (l.kind === "district" ? districtIds.get(l.sourcedId) : l.kind === "school" ? schoolIds.get(l.sourcedId) : null) ?? null,
    d: l.data,
    a: l.active,
    m: l.dateLastModified,
  }));
  for (const s of plan.schools.create)
    if (schoolIds.has(s.sourcedId)) links.push({ k: "school", s: s.sourcedId, e: schoolIds.get(s.sourcedId)!, d: {}, a: true, m: null });
  for (const d of plan.districts.create)
    if (districtIds.has(d.sourcedId)) links.push({ k: "district", s: d.sourcedId, e: districtIds.get(d.sourcedId)!, d: {}, a: true, m: null });
  const wanted = (kind: string, key: string) => [...new Set(links.flatMap((l) => (l.k === kind && l.e === null ? [String(l.d[key] ?? "")] : [])))];
  const emails = wanted("teacher", "email");
  const stateIds = wanted("student", "stateId");
  const teacherIds = new Map(
    emails.length
      ? (
          await rows<{ key: string; id: number }>(
            db(),
            sql`select distinct on (lower(u.email)) lower(u.email) as key, u.id from users u
              where u.tenant_id = ${t} and lower(u.email) = any(${textArray(emails)}) order by lower(u.email), u.id`,
          )
        ).map((r) => [r.key, r.id])
      : [],
  );
  const childIds = new Map(
    stateIds.length
      ? (
          await rows<{ key: string; id: number }>(
            db(),
            sql`select st.tenant_unique_id as key, st.id from students st where st.tenant_id = ${t} and st.tenant_unique_id = any(${textArray(stateIds)})`,
          )
        ).map((r) => [r.key, r.id])
      : [],
  );
  for (const l of links)
    if (l.e === null) l.e = (l.k === "teacher" ? teacherIds.get(String(l.d.email)) : l.k === "student" ? childIds.get(String(l.d.stateId)) : undefined) ?? null;
  await db().execute(sql`insert into oneroster_links (tenant_id, kind, sourced_id, entity_id, data, active, date_last_modified, load_id)
    select ${t}, x.k, x.s, x.e, x.d, x.a, x.m, ${loadId}
    from (select distinct on (k, s) * from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as r(k text, s text, e int, d jsonb, a boolean, m timestamptz) order by k, s, e nulls last) x
    on conflict (tenant_id, kind, sourced_id) do update set entity_id = coalesce(excluded.entity_id, oneroster_links.entity_id), data = excluded.data,
      active = excluded.active, date_last_modified = coalesce(excluded.date_last_modified, oneroster_links.date_last_modified), load_id = excluded.load_id, updated_at = now()`);
}
