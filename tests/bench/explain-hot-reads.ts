/**
 * EXPLAIN (ANALYZE, BUFFERS) of the hot reads on the biggest tenant of a database (the generator's):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_bench npx tsx tests/bench/explain-hot-reads.ts
 * Prints each plan, the indexes it uses and any sequential scan of a big table.
 */
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { closeDatabase, database, rows, type Executor } from "../../db/client";

const BIG_TABLES = ["students", "student_enrollments", "enrollment_associations", "student_data_collection_assignments", "scores", "score_history"];

interface Subject {
  tenantId: number;
  locationId: number;
  collectionId: number;
  teacherId: number;
}

async function pickSubject(db: Executor): Promise<Subject> {
  const [tenant] = await rows<{ id: number }>(db, sql`select tenant_id as id from students group by tenant_id order by count(*) desc limit 1`);
  const t = tenant.id;
  const [location] = await rows<{ id: number }>(
    db,
    sql`select location_id as id from student_enrollments where tenant_id = ${t} group by location_id order by count(*) desc limit 1`,
  );
  const [collection] = await rows<{ id: number }>(db, sql`select id from data_collections where tenant_id = ${t} order by id limit 1`);
  const [teacher] = await rows<{ id: number }>(
    db,
    sql`select user_id as id from enrollment_associations where tenant_id = ${t} and location_id = ${location.id} limit 1`,
  );
  return { tenantId: t, locationId: location.id, collectionId: collection.id, teacherId: teacher.id };
}

/** The reads every screen makes, written as the services write them (tenant first in every WHERE). */
function hotReads(s: Subject): [string, string][] {
  const { tenantId: t, locationId: l, collectionId: c, teacherId: u } = s;
  return [
    [
      "students of a location",
      `select s.id, s.tenant_unique_id, s.first_name, s.last_name, s.gender, s.dob from students s
       where s.tenant_id = ${t} and s.parent_location_id = ${l} order by s.last_name, s.first_name`,
    ],
    [
      "enrollments of a location with their students",
      `select e.id, s.first_name, s.last_name from student_enrollments e join students s on s.tenant_id = e.tenant_id and s.id = e.student_id
       where e.tenant_id = ${t} and e.location_id = ${l} and e.active order by s.last_name, s.first_name`,
    ],
    [
      "a teacher's roster",
      `select e.id, e.student_id from enrollment_associations ea join student_enrollments e on e.tenant_id = ea.tenant_id and e.id = ea.student_enrollment_id
       where ea.tenant_id = ${t} and ea.user_id = ${u} and e.active`,
    ],
    [
      "scores of a collection at a location",
      `select sc.student_enrollment_id, sc.assessment_item_id, sc.scale_entry_id from student_enrollments e
       join scores sc on sc.tenant_id = e.tenant_id and sc.data_collection_id = ${c} and sc.student_enrollment_id = e.id
       where e.tenant_id = ${t} and e.location_id = ${l} and e.active`,
    ],
    ["score counts per collection", `select data_collection_id, count(*) from scores where tenant_id = ${t} group by data_collection_id`],
    ["score count of one collection", `select count(*) from scores where tenant_id = ${t} and data_collection_id = ${c}`],
  ];
}

export interface PlanSummary {
  name: string;
  ms: number;
  indexes: string[];
  seqScans: string[];
  /** When the planner chose a sequential scan: the same query with sequential scans off, for comparison. */
  indexPlan?: { ms: number; indexes: string[] };
}

async function explain(db: Executor, query: string, seqScansOff: boolean) {
  const run = async (tx: Executor) => {
    if (seqScansOff) await tx.execute(sql`set local enable_seqscan = off`);
    return (await rows<{ "QUERY PLAN": string }>(tx, sql.raw(`explain (analyze, buffers) ${query}`))).map((r) => r["QUERY PLAN"]).join("\n");
  };
  const text = seqScansOff ? await db.transaction(run) : await run(db);
  const indexes = [...text.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\S+)/g), ...text.matchAll(/Bitmap Index Scan on (\S+)/g)].map((m) => m[1]);
  const seqScans = [...text.matchAll(/Seq Scan on (\S+)/g)].map((m) => m[1]).filter((table) => BIG_TABLES.includes(table));
  const ms = Number(text.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? NaN);
  return { text, ms, indexes: [...new Set(indexes)], seqScans: [...new Set(seqScans)] };
}

export async function explainHotReads(db: Executor, print: (line: string) => void = console.log): Promise<PlanSummary[]> {
  const subject = await pickSubject(db);
  print(`Tenant ${subject.tenantId}, location ${subject.locationId}, collection ${subject.collectionId}, teacher ${subject.teacherId}\n`);
  const summaries: PlanSummary[] = [];
  for (const [name, query] of hotReads(subject)) {
    const plan = await explain(db, query, false);
    print(`== ${name}\n${plan.text}\n`);
    const summary: PlanSummary = { name, ms: plan.ms, indexes: plan.indexes, seqScans: plan.seqScans };
    if (plan.seqScans.length) {
      const forced = await explain(db, query, true);
      print(`== ${name}, with enable_seqscan off\n${forced.text}\n`);
      summary.indexPlan = { ms: forced.ms, indexes: forced.indexes };
    }
    summaries.push(summary);
  }
  print("Summary:");
  for (const s of summaries) {
    const verdict = s.seqScans.length ? `sequential scan of ${s.seqScans.join(", ")}` : `indexes ${s.indexes.join(", ")}`;
    print(`  ${s.name.padEnd(46)} ${s.ms.toFixed(1).padStart(8)} ms  ${verdict}`);
    if (s.indexPlan) print(`  ${"  (with seq scans off)".padEnd(46)} ${s.indexPlan.ms.toFixed(1).padStart(8)} ms  indexes ${s.indexPlan.indexes.join(", ")}`);
  }
  return summaries;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (!process.env.DATABASE_URL) {
    console.error("Set DATABASE_URL to the benchmark database.");
    process.exit(2);
  }
  try {
    await explainHotReads(database().db);
  } finally {
    await closeDatabase();
  }
}
