/**
 * The Ed-Fi export of the largest collection (most assigned children) of each tenant, or of the tenant
 * given, as a tenant admin downloads it: the route's service (exportEdfi) streamed to the end, with
 * its time, lines, bytes and the process's peak RSS while it ran. Run on its own database:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_edfi npx tsx tests/bench/edfi-export.ts [tenantId]
 */
export {};
await import("../../scripts/server-only-hook.mjs" as string);
const { sql } = await import("drizzle-orm");
const { closeDatabase, rows } = await import("../../db/client");
const { exportEdfi } = await import("../../lib/edfi/export");
const { benchActor, firstUser, owner } = await import("./support");
type Actor = import("../../lib/platform/actor").Actor;

await rows(owner, sql`analyze`);
const only = process.argv[2] ? Number(process.argv[2]) : null;
const targets = await rows<{ tenant_id: number; id: number; name: string; n: number; scored: number }>(
  owner,
  sql`select distinct on (dc.tenant_id) dc.tenant_id, dc.id, dc.collection_name as name, count(*)::int as n,
      count(*) filter (where exists (select 1 from student_results r where r.tenant_id = dc.tenant_id and r.data_collection_id = dc.id
        and r.student_enrollment_id = sa.student_enrollment_id and (r.overall_score is not null or r.domain_scores <> '{}'::jsonb)))::int as scored
    from data_collections dc join student_data_collection_assignments sa on sa.tenant_id = dc.tenant_id and sa.data_collection_id = dc.id
    where dc.deleted_at is null ${only ? sql`and dc.tenant_id = ${only}` : sql``}
    group by dc.tenant_id, dc.id order by dc.tenant_id, n desc`,
);

async function measure(label: string, actor: Actor, collectionId: number, districtId?: number) {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  let firstByte = 0;
  const { body } = await exportEdfi(actor, collectionId, "studentAssessments", districtId ? { districtId } : {}, {});
  let bytes = 0;
  let lines = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - started;
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  console.log(
    `${label}: ${lines} lines, ${(bytes / 1e6).toFixed(1)} MB in ${(ms / 1000).toFixed(2)} s (first batch ${Math.round(firstByte)} ms, ${Math.round(lines / (ms / 1000))} lines/s), ` +
      `peak RSS ${Math.round(peak / 1e6)} MB`,
  );
}

for (const target of targets) {
  const userId = await firstUser(target.tenant_id);
  const actor = benchActor(target.tenant_id, userId);
  const what = `tenant ${target.tenant_id}, collection ${target.id} "${target.name}" (${target.n} assigned, ${target.scored} with a result)`;
  await measure(`${what}, the state`, actor, target.id);
  // The district with the most children assigned: as its own administrator (their reach), and as a tenant admin naming it.
  const [district] = await rows<{ id: number; n: number }>(
    owner,
    sql`select e.district_id as id, count(*)::int as n from student_data_collection_assignments a
      join student_enrollments e on e.tenant_id = a.tenant_id and e.id = a.student_enrollment_id
      where a.tenant_id = ${target.tenant_id} and a.data_collection_id = ${target.id} group by 1 order by 2 desc limit 1`,
  );
  await measure(`${what}, district ${district.id} (${district.n} assigned) by its administrator`, benchActor(target.tenant_id, userId, district.id), target.id);
  await measure(`${what}, the same district by a tenant admin (districtId)`, actor, target.id, district.id);
}
await closeDatabase();
