/**
 * A collection-assignments bulk load (type `assignments`) of 100,000 rows on the biggest tenant of a
 * generator database (`npm run db:seed -- --students 130000` into its own database), requested by a
 * tenant admin, end to end (request, pg-boss, claim, read, parse, checks, the set-based load, results
 * file, status), beside a bare INSERT ... SELECT of the same 100,000 assignments (rolled back) in the
 * same run. Each run assigns the children to a new collection assigned to every region of the tenant,
 * removed again afterwards (collection, assignments; their audit rows stay: the log is append-only).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_bench npx tsx tests/bench/bulk-load-assignments.ts
 */
export {};
await import("../../scripts/server-only-hook.mjs" as string);
const { sql } = await import("drizzle-orm");
const { rows } = await import("../../db/client");
const { benchTenant, fmt, loadAverage, owner } = await import("./support");
const { ROWS, cleanUp, loadEndToEnd, printRun, rolledBack, runLoads } = await import("./bulk-load-bench");

const { t, actor } = await benchTenant();
const children = await rows<{ state_id: string; enrollment_id: number }>(
  owner,
  sql`select s.tenant_unique_id as state_id, e.id as enrollment_id from students s
    join student_enrollments e on e.tenant_id = ${t} and e.student_id = s.id and e.is_point_of_authority and e.active
    where s.tenant_id = ${t} and s.merged_into_student_id is null order by s.id limit ${ROWS}`,
);
console.log(`tenant ${t}: ${children.length.toLocaleString("en-US")} rows per file; load average ${loadAverage()}`);

/** A new open collection of the tenant's first collection's year and assessment, assigned to every region. */
async function newCollection(): Promise<number> {
  const [c] = await rows<{ id: number }>(
    owner,
    sql`insert into data_collections (tenant_id, school_year_id, assessment_id, collection_name, cycle_start_date, cycle_end_date, enrollment_end_date)
      select tenant_id, school_year_id, assessment_id, 'Bench assignments ' || now(), now(), now() + interval '60 days', now() + interval '30 days'
      from data_collections where tenant_id = ${t} order by id limit 1 returning id`,
  );
  await owner.execute(
    sql`insert into data_collection_region_assignments (tenant_id, data_collection_id, region_id) select ${t}, ${c.id}, id from regions where tenant_id = ${t}`,
  );
  return c.id;
}

/** The same assignments with one INSERT ... SELECT, in a transaction rolled back afterwards. */
const bareInsert = (collectionId: number) =>
  rolledBack(
    (tx) => tx`insert into student_data_collection_assignments (tenant_id, student_enrollment_id, data_collection_id, teacher_type, token)
    select ${t}, e, ${collectionId}, 'Primary', gen_random_uuid()::text from unnest(${`{${children.map((c) => c.enrollment_id).join(",")}}`}::int[]) e`,
  );

/** Remove the run's collection and assignments. */
const removeCollection = (collectionId: number) =>
  cleanUp(async (tx) => {
    await tx`delete from student_data_collection_assignments where tenant_id = ${t} and data_collection_id = ${collectionId}`;
    await tx`delete from data_collection_region_assignments where tenant_id = ${t} and data_collection_id = ${collectionId}`;
    await tx`delete from collection_location_progress where tenant_id = ${t} and data_collection_id = ${collectionId}`;
    await tx`delete from data_collections where tenant_id = ${t} and id = ${collectionId}`;
  }, "student_data_collection_assignments");

await runLoads(async (i) => {
  const collectionId = await newCollection();
  const bareMs = await bareInsert(collectionId);
  const csv = `studentStateId,dataCollectionId\r\n${children.map((c) => `${c.state_id},${collectionId}`).join("\r\n")}\r\n`;
  const run = await loadEndToEnd(actor, "assignments", "assignments.csv", csv);
  printRun(i, run, { before: `bare INSERT ... SELECT of ${children.length} assignments ${fmt(bareMs)} (rolled back); ` });
  await removeCollection(collectionId);
});
