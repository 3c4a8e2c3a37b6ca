/**
 * A district's OneRoster 1.2 CSV bundle end to end: 20 schools, 400 teachers (one homeroom class each)
 * and 8,000 children with demographics (tests/support/oneroster.ts), requested by the district's
 * administrator through the service, run by the oneroster.run worker: the dry run (read, check, plan),
 * the apply (plan again and write), then the same bundle again (dry run and apply: nothing changes).
 * Makes its own tenant, region and district in the database it is given (migrated):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_oneroster_bench npx tsx tests/bench/oneroster.ts
 * BENCH_SCHOOLS, BENCH_TEACHERS (per school), BENCH_CHILDREN (per teacher) change the size.
 */
export {};
await import("../../scripts/server-only-hook.mjs" as string);
const { sql } = await import("drizzle-orm");
const { closeDatabase, requireTenantContext, rows } = await import("../../db/client");
const { oneRosterRun } = await import("../../jobs/handlers/oneroster");
const { startWorkers, stopWorkers } = await import("../../lib/platform/queue");
const { tenantPrefix } = await import("../../lib/platform/storage");
const { applyOneRosterLoad, requestOneRosterLoad } = await import("../../lib/oneroster/service");
const { districtRoster, zipBundle } = await import("../support/oneroster");
const { benchActor, completedUpload, loadAverage, owner } = await import("./support");

const stamp = Date.now().toString(36);
const [tenant] = await rows<{ id: number }>(
  owner,
  sql`insert into tenants (name, slug) values (${`OneRoster bench ${stamp}`}, ${`or-bench-${stamp}`}) returning id`,
);
const t = tenant.id;
const [region] = await rows<{ id: number }>(owner, sql`insert into regions (tenant_id, name) values (${t}, 'Bench region') returning id`);
const [district] = await rows<{ id: number }>(
  owner,
  sql`insert into districts (tenant_id, region_id, name, unique_id) values (${t}, ${region.id}, 'Bench district', ${`BENCH-${stamp}`}) returning id`,
);
const [admin] = await rows<{ id: number }>(
  owner,
  sql`insert into users (tenant_id, username, email, first_name, last_name) values (${t}, ${`admin-${stamp}@bench.example`}, ${`admin-${stamp}@bench.example`}, 'District', 'Admin') returning id`,
);
await owner.execute(sql`insert into user_roles (tenant_id, user_id, role) values (${t}, ${admin.id}, 'ROLE_ADMIN')`);
await owner.execute(
  sql`insert into user_organizations (tenant_id, user_id, org_type, parent_id, administrative) values (${t}, ${admin.id}, 'district', ${district.id}, true)`,
);
const actor = benchActor(t, admin.id, district.id);

const files = districtRoster({
  districtIdentifier: `BENCH-${stamp}`,
  schools: Number(process.env.BENCH_SCHOOLS ?? 20),
  teachersPerSchool: Number(process.env.BENCH_TEACHERS ?? 20),
  childrenPerTeacher: Number(process.env.BENCH_CHILDREN ?? 20),
  prefix: stamp,
});
const built = performance.now();
const zip = zipBundle(files);
console.log(
  `tenant ${t}: ${files.orgs.length - 1} schools, ${files.classes.length} teachers, ${files.demographics.length.toLocaleString("en-US")} children, ` +
    `${files.enrollments.length.toLocaleString("en-US")} enrollments; zip ${(zip.length / 1e6).toFixed(2)} MB built in ${Math.round(performance.now() - built)} ms; load average ${loadAverage()}`,
);

async function waitFor(id: number, statuses: string[]) {
  for (;;) {
    const [row] = await rows<{ status: string; planned: unknown; applied: unknown; refused_count: number; message: string | null }>(
      owner,
      sql`select status, planned, applied, refused_count, message from oneroster_loads where id = ${id}`,
    );
    if (statuses.includes(row.status)) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const changed = (counts: unknown) =>
  Object.entries(counts as Record<string, Record<string, number>>)
    .map(([k, c]) => `${k} +${c.created}/~${c.updated}/-${c.ended}/=${c.unchanged}`)
    .join(", ");

requireTenantContext();
await startWorkers([oneRosterRun]);
for (const pass of ["first load", "same bundle again"]) {
  const key = `${tenantPrefix(t)}oneroster/bench-${stamp}-${pass.replace(/ /g, "-")}/roster.zip`;
  const fileId = await completedUpload(actor, "oneroster", key, "roster.zip", "application/zip", Buffer.from(zip));
  const started = performance.now();
  const { load: requested } = await requestOneRosterLoad(actor, { fileId, stateIdSource: "identifier" }, {});
  const checked = await waitFor(requested.id, ["checked", "failed"]);
  const dryRun = performance.now() - started;
  if (checked.status === "failed") throw new Error(checked.message ?? "failed");
  const applyStarted = performance.now();
  await applyOneRosterLoad(actor, requested.id, {});
  const applied = await waitFor(requested.id, ["applied", "failed"]);
  const applyMs = performance.now() - applyStarted;
  if (applied.status === "failed") throw new Error(applied.message ?? "failed");
  console.log(
    `${pass}: dry run ${(dryRun / 1000).toFixed(2)} s (${changed(checked.planned)}; ${checked.refused_count} refused); ` +
      `apply ${(applyMs / 1000).toFixed(2)} s (${changed(applied.applied)}); load average ${loadAverage()}`,
  );
}
await stopWorkers();
await closeDatabase();
