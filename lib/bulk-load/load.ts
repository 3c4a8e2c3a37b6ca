import "server-only";
import { buffer as readAll } from "node:stream/consumers";
import { sql, type SQL } from "drizzle-orm";
import { database, db, detached, rows, withTenant } from "@/db/client";
import { csvForCopy, csvForPeople } from "@/lib/platform/csv";
import { log } from "@/lib/platform/logger";
import { analyzeAfterCommit } from "@/lib/platform/statistics";
import { PermanentJobError, type JobContext, type JobOutput } from "@/lib/platform/queue";
import { storage, tenantPrefix } from "@/lib/platform/storage";
import { ADMINISTRATIVE, keptReaching, locationInReach } from "@/lib/organisations/reach";
import { COLUMNS, KEY_COLUMN, checkStudentRow, missingColumns, normalizeHeader, type BulkLoadType, type StudentRow } from "./columns";
import { copyInto } from "./copy";
import { FILE_TYPE_MESSAGE, FileProblem, fileKindOf, parseFile } from "./parse";
import type { TypeLoader } from "./per-row";
import { ROW_LOADERS } from "./row-types";
import type { BulkLoadSummary } from "./service";

/**
 * The bulk-load job (jobs/handlers/bulk-load.ts). Steps, each database step its own withTenant of
 * the load's tenant (storage calls stay outside transactions, progress is visible while it runs):
 *
 * 1. claim the row (in_progress); 2. read the file from storage and parse it (CSV or XLSX);
 * 3. check every row in memory with the API's rules (state id, names, dates, gender, flags, race);
 * 4. in ONE transaction: stage the good rows (COPY into a temporary table), check
 *    them set-based against the database (location exists, is active and within the uploader's reach;
 *    a state id repeated in the file; a state id held by a student outside the uploader's reach), and
 *    load what passes with one statement (students created or updated, enrollments added, an audit row
 *    for every student and enrollment change); 5. write the results file (every refused row: line,
 *    state id, reason) to storage; 6. mark the load complete and notify the uploader.
 *
 * A failure inside step 4 rolls the whole load back: nothing of the file is loaded. A redelivery
 * runs it again; loading the same rows twice changes nothing the second time (state ids are matched,
 * unchanged students are not written, an enrollment at the same location is not added again).
 */

type Payload = { tenantId: number; bulkLoadId: number };

interface Claimed {
  id: number;
  type: BulkLoadType;
  user_id: number | null;
  file_name: string;
  original_file_name: string;
  summary: BulkLoadSummary;
}

export interface Refused {
  line: number;
  stateId: string;
  reason: string;
}

/** Milliseconds per named step, each from the previous lap: a load's summary says where its time went. */
function stopwatch() {
  const ms: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    ms[name] = Math.round(now - mark);
    mark = now;
  };
  return { ms, lap };
}

const UNIQUE_STATE_ID = "Student State ID must be unique";
const LOCATION_NOT_FOUND = "locationId: Location not found, inactive or outside your reach";

async function claim({ tenantId, bulkLoadId }: Payload): Promise<Claimed | null> {
  return withTenant(tenantId, async () => {
    const [claimed] = await rows<Claimed>(
      db(),
      sql`update bulk_loads set status = 'in_progress', started_at = now(), updated_at = now(), summary = summary || '{"phase":"reading"}'::jsonb
        where tenant_id = ${tenantId} and id = ${bulkLoadId} and status in ('queued', 'in_progress')
        returning id, type, user_id, file_name, original_file_name, summary`,
    );
    if (claimed) return claimed;
    const [existing] = await rows<{ id: number }>(db(), sql`select id from bulk_loads where tenant_id = ${tenantId} and id = ${bulkLoadId}`);
    if (!existing) throw new PermanentJobError("bulk load not found");
    return null;
  });
}

const progress = (tenantId: number, id: number, values: { phase: string; total?: number; processed?: number }) =>
  withTenant(tenantId, () =>
    db().execute(
      sql`update bulk_loads set summary = summary || ${JSON.stringify({ phase: values.phase })}::jsonb, updated_at = now(),
        total_rows = coalesce(${values.total ?? null}::int, total_rows), processed_rows = coalesce(${values.processed ?? null}::int, processed_rows)
        where tenant_id = ${tenantId} and id = ${id} and status = 'in_progress'`,
    ),
  );

/**
 * Row progress while the load's transaction runs: written on another connection (detached), at most
 * once a second, never awaited by the load (a lost update only delays the figure). `base` rows were
 * already done (refused by the checks).
 */
function rowProgress(tenantId: number, id: number, base: number, total: number): ((done: number) => void) | undefined {
  // PGlite has one session: a second transaction would only queue behind the load's.
  if (database().kind === "pglite") return undefined;
  let last = 0;
  return (done) => {
    const now = Date.now();
    if (now - last < 1000) return;
    last = now;
    void detached(() => progress(tenantId, id, { phase: "loading", total, processed: Math.min(total, base + done) })).catch(() => undefined);
  };
}

/** Check every data row of a parsed file: the good rows in staging shape, the refused with their reasons. */
function checkRows(header: string[], data: { line: number; cells: string[] }[]): { good: StudentRow[]; refused: Refused[] } {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    const key = normalizeHeader(name);
    if (!index.has(key)) index.set(key, i);
  });
  const good: StudentRow[] = [];
  const refused: Refused[] = [];
  // Each column's position, looked up once (not per cell).
  const position = new Map(COLUMNS.students.map((c) => [c.name, index.get(normalizeHeader(c.name)) ?? -1]));
  for (const { line, cells } of data) {
    if (cells.every((c) => c.trim() === "")) continue;
    const cell = (name: string) => cells[position.get(name) ?? -1] ?? "";
    const checked = checkStudentRow(line, cell);
    if (checked.ok) good.push(checked.row);
    else refused.push({ line, stateId: cell("stateId").trim().slice(0, 50), reason: checked.reason });
  }
  return { good, refused };
}

/** The checked rows as COPY CSV (lib/platform/csv.ts) in pieces of 10,000 rows (columns as bulk_rows). */
function* stagedCsv(good: StudentRow[]): Generator<string> {
  for (let i = 0; i < good.length; i += 10_000) {
    yield csvForCopy(
      good
        .slice(i, i + 10_000)
        .map((r) => [
          r.line,
          r.stateId,
          r.firstName,
          r.middleName,
          r.lastName,
          r.dob,
          r.gender,
          r.ell,
          r.lowSes,
          r.specialEducation,
          r.disabilityCode,
          r.race,
          r.locationId,
          r.priorCare,
        ]),
    );
  }
}

export interface LoadCounts {
  created: number;
  updated: number;
  unchanged: number;
  enrolled: number;
  refused: Refused[];
  /** Milliseconds of the load's own steps (students: staging, set checks, the load statement). */
  ms?: Record<string, number>;
}

/**
 * Step 4, inside the caller's withTenant transaction: stage, check set-based, load with one
 * statement. `scope` is the uploader's reach when the load was requested.
 */
export async function stageAndLoad(
  t: number,
  load: { id: number; userId: number | null; impersonatorId: number | null; scope: BulkLoadSummary["scope"]; detailsKey?: string },
  good: StudentRow[],
): Promise<LoadCounts> {
  const tx = db();
  // The audit rows name the load: a bulk load's id, or (the OneRoster intake, lib/oneroster/apply.ts) its own load's.
  const detailsKey = load.detailsKey ?? "bulkLoadId";
  const { ms, lap } = stopwatch();
  // JIT compiling the load's plan costs seconds (6.5 s of 71 s measured on 100,000 rows) and saves nothing on row-by-row inserts.
  // The default 4 MB work_mem spilled the staging sort and the students hash to disk in batches.
  await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
  await tx.execute(sql`create temp table bulk_rows (line int not null, state_id text not null, first_name text not null, middle_name text,
      last_name text not null, dob date, gender gender not null, ell boolean not null, low_ses boolean not null, sped boolean not null,
      disability text, race int not null, location_id int not null, prior_care text) on commit drop`);
  await copyInto("bulk_rows", stagedCsv(good));
  lap("stage");
  await tx.execute(sql`create temp table bulk_stage (
      line int not null, state_id text not null, first_name text not null, middle_name text, last_name text not null, dob date,
      gender gender not null, ell boolean not null, low_ses boolean not null, sped boolean not null, disability text, race int not null,
      location_id int not null, prior_care text, region_id int, district_id int, student_id int, reason text) on commit drop`);
  const scope = load.scope ?? { links: [] };
  const inReach = (column: string): SQL =>
    "locations" in scope
      ? sql`${sql.raw(column)} = any(${`{${scope.locations.join(",")}}`}::int[])`
      : locationInReach(keptReaching(t, scope), sql.raw(column), ADMINISTRATIVE);
  const tenantWide = "all" in scope;
  // A state id already in the tenant is the same child (updated) when the uploader reaches one of its
  // enrollments; a merged-away record's id stays taken.
  const studentOutOfReach = tenantWide
    ? sql`st.merged_into_student_id is not null`
    : sql`(st.merged_into_student_id is not null or not (${inReach("st.parent_location_id")}
        or exists (select 1 from student_enrollments e where e.tenant_id = ${t} and e.student_id = st.id and e.active and ${inReach("e.location_id")})))`;
  // One pass: the rows with their location (exists, active, within reach; its district and region),
  // the child already holding the state id, and the first reason a row is refused: the location, a
  // state id repeated in the file (the first row keeps it), a state id of a child out of reach.
  await tx.execute(sql`insert into bulk_stage (line, state_id, first_name, middle_name, last_name, dob, gender, ell, low_ses, sped, disability, race,
      location_id, prior_care, region_id, district_id, student_id, reason)
    select x.line, x.state_id, x.first_name, x.middle_name, x.last_name, x.dob, x.gender, x.ell, x.low_ses, x.sped, x.disability, x.race,
      x.location_id, x.prior_care, d.region_id, l.district_id, st.id,
      case
        when l.id is null then ${LOCATION_NOT_FOUND}
        when x.line > min(x.line) over (partition by x.state_id) then ${`stateId: ${UNIQUE_STATE_ID}`} || ' (also on line ' || min(x.line) over (partition by x.state_id) || ')'
        when st.id is not null and ${studentOutOfReach} then ${`stateId: ${UNIQUE_STATE_ID}`}
      end
    from bulk_rows x
    left join locations l on l.tenant_id = ${t} and l.id = x.location_id and l.active and ${inReach("l.id")}
    left join districts d on d.tenant_id = ${t} and d.id = l.district_id
    left join students st on st.tenant_id = ${t} and st.tenant_unique_id = x.state_id`);
  await tx.execute(sql`analyze bulk_stage`);

  const refused = await rows<{ line: number; state_id: string; reason: string }>(
    tx,
    sql`select line, state_id, reason from bulk_stage where reason is not null order by line`,
  );
  lap("checks");

  const [counts] = await rows<{ created: number; updated: number; enrolled: number; good: number }>(
    tx,
    sql`with good as (select * from bulk_stage where reason is null),
      upd as (
        update students st set first_name = g.first_name, middle_name = g.middle_name, last_name = g.last_name, dob = g.dob, gender = g.gender,
          english_language_learner = g.ell, low_ses = g.low_ses, special_education = g.sped, special_education_disability_code = g.disability,
          race = g.race, updated_at = now()
        from bulk_stage g
        -- From the table, not the CTE: its statistics let a file of new children skip reading every student.
        where g.reason is null and g.student_id is not null and st.tenant_id = ${t} and st.id = g.student_id
          and (st.first_name, st.middle_name, st.last_name, st.dob, st.gender, st.english_language_learner, st.low_ses, st.special_education,
            st.special_education_disability_code, st.race)
            is distinct from (g.first_name, g.middle_name, g.last_name, g.dob, g.gender, g.ell, g.low_ses, g.sped, g.disability, g.race)
        returning st.id),
      ins as (
        insert into students (tenant_id, tenant_unique_id, first_name, middle_name, last_name, dob, gender, english_language_learner, low_ses,
          special_education, special_education_disability_code, race, parent_location_id)
        select ${t}, g.state_id, g.first_name, g.middle_name, g.last_name, g.dob, g.gender, g.ell, g.low_ses, g.sped, g.disability, g.race, g.location_id
        from good g where g.student_id is null
        returning id, tenant_unique_id),
      placed as (
        select coalesce(g.student_id, i.id) as student_id, g.student_id is null as is_new, g.region_id, g.district_id, g.location_id, g.prior_care
        from good g left join ins i on g.student_id is null and i.tenant_unique_id = g.state_id),
      enr as (
        insert into student_enrollments (tenant_id, student_id, region_id, district_id, location_id, prior_care, is_point_of_authority)
        select ${t}, p.student_id, p.region_id, p.district_id, p.location_id, p.prior_care,
          p.is_new or not exists (select 1 from student_enrollments e where e.tenant_id = ${t} and e.student_id = p.student_id and e.is_point_of_authority)
        from placed p
        where p.is_new or not exists (select 1 from student_enrollments e where e.tenant_id = ${t} and e.student_id = p.student_id and e.location_id = p.location_id and e.active)
        returning id, student_id, location_id),
      aud as (
        insert into audit_log (tenant_id, user_id, impersonator_id, action, entity_type, entity_id, student_id, details)
        select ${t}::int, ${load.userId}::int, ${load.impersonatorId}::int, 'create', 'student', i.id, i.id,
          jsonb_build_object(${detailsKey}::text, ${load.id}::int, 'enrollmentId', n.id, 'locationId', n.location_id)
        from ins i join enr n on n.student_id = i.id
        union all
        select ${t}::int, ${load.userId}::int, ${load.impersonatorId}::int, 'update', 'student', u.id, u.id, jsonb_build_object(${detailsKey}::text, ${load.id}::int)
        from upd u
        union all
        select ${t}::int, ${load.userId}::int, ${load.impersonatorId}::int, 'create', 'student_enrollment', n.id, n.student_id,
          jsonb_build_object(${detailsKey}::text, ${load.id}::int, 'locationId', n.location_id)
        from enr n where not exists (select 1 from ins i where i.id = n.student_id)
        returning 1)
      select (select count(*) from ins)::int as created, (select count(*) from upd)::int as updated, (select count(*) from enr)::int as enrolled,
        (select count(*) from good)::int as good, (select count(*) from aud)::int as audited`,
  );
  lap("write");
  return {
    created: counts.created,
    updated: counts.updated,
    unchanged: counts.good - counts.created - counts.updated,
    enrolled: counts.enrolled,
    refused: refused.map((r) => ({ line: r.line, stateId: r.state_id, reason: r.reason })),
    ms,
  };
}

/** Students load set-based above; the other types row by row through the API's services (row-types.ts). */
/** The tables each type of load fills: analyzed after a large load (lib/platform/statistics.ts). */
const LOADED_TABLES: Record<BulkLoadType, readonly string[]> = {
  students: ["students", "student_enrollments"],
  users: ["users", "user_roles", "user_organizations"],
  rosters: ["enrollment_associations"],
  assignments: ["student_data_collection_assignments"],
};

const studentsLoader: TypeLoader = { check: checkRows, load: (t, load, good) => stageAndLoad(t, load, good as StudentRow[]) };

/** The results file: one line per refused row (line, the row's key such as its state id, reason), in file order. */
function resultsCsv(refused: Refused[], key = "stateId"): string {
  const sorted = [...refused].sort((a, b) => a.line - b.line);
  return csvForPeople([["line", key, "reason"], ...sorted.map((r) => [r.line, r.stateId, r.reason])], { bom: true });
}

async function notify(tenantId: number, userId: number | null, id: number, message: string) {
  if (userId === null) return;
  await db().execute(
    sql`insert into notifications (tenant_id, user_id, type, message, metadata)
      values (${tenantId}, ${userId}, 'bulk_load', ${message}, ${JSON.stringify({ bulkLoadId: id })}::jsonb)`,
  );
}

async function fail(tenantId: number, load: Claimed, reason: string, final: boolean) {
  await withTenant(tenantId, async () => {
    if (!final) {
      await db().execute(sql`update bulk_loads set status = 'queued', updated_at = now() where tenant_id = ${tenantId} and id = ${load.id}`);
      return;
    }
    await db().execute(
      sql`update bulk_loads set status = 'failed', date_completed = now(), updated_at = now(),
        summary = summary || ${JSON.stringify({ phase: "failed", errors: [reason] })}::jsonb
        where tenant_id = ${tenantId} and id = ${load.id}`,
    );
    await notify(tenantId, load.user_id, load.id, `Your bulk load "${load.original_file_name}" was not loaded: ${reason}`);
  });
}

export async function runBulkLoad(payload: Payload, context: JobContext): Promise<JobOutput> {
  const { tenantId } = payload;
  const load = await claim(payload);
  if (!load) return { bulkLoadId: payload.bulkLoadId, skipped: "finished" };
  const { ms, lap } = stopwatch();
  try {
    const object = await storage().getObject(load.file_name);
    const content = await readAll(object.body);
    lap("read");
    const kind = fileKindOf(load.original_file_name, content.subarray(0, 4096));
    if (!kind) throw new PermanentJobError(FILE_TYPE_MESSAGE);
    let parsed;
    try {
      parsed = await parseFile(kind, content);
    } catch (error) {
      if (error instanceof FileProblem) throw new PermanentJobError(error.message);
      throw error;
    }
    const missing = missingColumns(load.type, parsed.header);
    if (missing.length) throw new PermanentJobError(`The file is missing the required columns: ${missing.join(", ")}`);
    lap("parse");
    await progress(tenantId, load.id, { phase: "checking", total: parsed.rows.length, processed: 0 });
    const loader = load.type === "students" ? studentsLoader : ROW_LOADERS[load.type];
    const { good, refused } = loader.check(parsed.header, parsed.rows);
    const total = good.length + refused.length;
    lap("check");
    // The students load is one statement (no row progress); the other types report theirs as they go.
    await progress(tenantId, load.id, { phase: "loading", total, processed: load.type === "students" ? total : refused.length });
    const counts = await withTenant(tenantId, () =>
      loader.load(
        tenantId,
        { id: load.id, userId: load.user_id, impersonatorId: load.summary.impersonatorId ?? null, scope: load.summary.scope },
        good,
        rowProgress(tenantId, load.id, refused.length, total),
      ),
    );
    lap("load");
    const allRefused = [...refused, ...counts.refused];
    await analyzeAfterCommit(LOADED_TABLES[load.type], total - allRefused.length);
    lap("analyze");
    Object.assign(ms, counts.ms);
    const key = `${tenantPrefix(tenantId)}bulk-load-results/${load.id}/results.csv`;
    await storage().putObject(key, resultsCsv(allRefused, KEY_COLUMN[load.type]), "text/csv; charset=utf-8");
    lap("results");
    const summary = { phase: "complete", created: counts.created, updated: counts.updated, unchanged: counts.unchanged, enrolled: counts.enrolled, ms };
    await withTenant(tenantId, async () => {
      await db().execute(
        sql`update bulk_loads set status = 'complete', date_completed = now(), updated_at = now(), result_file_name = ${key},
          total_rows = ${total}, processed_rows = ${total}, error_rows = ${allRefused.length}, summary = summary || ${JSON.stringify(summary)}::jsonb
          where tenant_id = ${tenantId} and id = ${load.id}`,
      );
      const loaded = total - allRefused.length;
      await notify(
        tenantId,
        load.user_id,
        load.id,
        `Your bulk load "${load.original_file_name}" is complete: ${loaded} rows loaded, ${allRefused.length} refused`,
      );
    });
    log.info("bulk load complete", { bulkLoadId: load.id, tenantId, rows: total, refused: allRefused.length, ...ms });
    return { bulkLoadId: load.id, rows: total, refused: allRefused.length, ms };
  } catch (error) {
    const permanent = error instanceof PermanentJobError;
    const reason = permanent ? error.message : "The file could not be loaded; nothing of it was loaded. Please upload it again.";
    // The database's code and message only (never its detail, which may quote a row's values).
    if (!permanent)
      log.error("bulk load failed", {
        bulkLoadId: load.id,
        tenantId,
        code: (error as { code?: string }).code ?? null,
        error: error instanceof Error ? String((error.cause as Error | undefined)?.message ?? error.message).slice(0, 300) : "unknown",
      });
    await fail(tenantId, load, reason, permanent || context.lastAttempt);
    throw error;
  }
}
