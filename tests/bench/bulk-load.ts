/**
 * A 100,000-row bulk load (students with enrollments) on the biggest tenant of a generator database
 * (`npm run db:seed -- --students 130000` into its own database), requested by a tenant admin:
 *   - end to end: POST /bulk-load's service (row, audit, job after commit), pg-boss, the worker's claim,
 *     reading the CSV from storage, parsing, the per-row checks, the load transaction (staging, the
 *     set-based checks, one statement writing students, enrollments and audit rows), the results file,
 *     status and notification; timed from the request until the row says complete;
 *   - its load step (the one transaction) beside raw COPY of the same 100,000 rows into `students`
 *     on the owner connection (rolled back), in the same run.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_bench npx tsx tests/bench/bulk-load.ts
 * The uploaded file is written straight to storage (DATA_DIR, default .data) with its files row, as a
 * completed multipart upload leaves it; the rows loaded are removed again after each run (then VACUUM ANALYZE).
 */
export {};
await import("../../scripts/server-only-hook.mjs" as string);
const { sql } = await import("drizzle-orm");
const { rows } = await import("../../db/client");
const { benchTenant, fmt, loadAverage, owner } = await import("./support");
const { ROWS, cleanUp, loadEndToEnd, printRun, rolledBack, runLoads } = await import("./bulk-load-bench");

const { t, actor } = await benchTenant();
const schools = (await rows<{ id: number }>(owner, sql`select id from locations where tenant_id = ${t} and active order by id`)).map((r) => r.id);
console.log(`tenant ${t}: ${schools.length} schools; ${ROWS.toLocaleString("en-US")} rows per file; load average ${loadAverage()}`);

const GENDERS = ["MALE", "FEMALE", "NON-BINARY", "UNKNOWN"];
function fileRows(prefix: string) {
  const lines: string[][] = [];
  for (let i = 0; i < ROWS; i++) {
    const month = String((i % 12) + 1).padStart(2, "0");
    const day = String((i % 28) + 1).padStart(2, "0");
    lines.push([
      `${prefix}${String(i).padStart(6, "0")}`,
      `First${i}`,
      i % 3 ? "" : "M",
      `Last${i}`,
      `2021-${month}-${day}`,
      GENDERS[i % 4],
      String(i % 2),
      String(i % 3 === 0 ? 1 : 0),
      "0",
      String(1 << (i % 10)),
      String(schools[i % schools.length]),
      i % 5 ? "" : "Home",
    ]);
  }
  return lines;
}
const HEADER = "stateId,firstName,middleName,lastName,birthDate,gender,englishLanguageLearner,lowSes,specialEducation,race,locationId,priorCare";

/** The same rows into students with COPY, in a transaction rolled back afterwards. */
function copyBaseline(lines: string[][]) {
  const text =
    lines.map((r) => [t, r[0], r[1], r[2] || "", r[3], r[4], r[5], r[6] === "1" ? "t" : "f", r[7] === "1" ? "t" : "f", "f", r[9], r[10]].join(",")).join("\n") +
    "\n";
  return rolledBack(async (tx) => {
    const writable = await tx
      .unsafe(
        "copy students (tenant_id, tenant_unique_id, first_name, middle_name, last_name, dob, gender, english_language_learner, low_ses, special_education, race, parent_location_id) from stdin with (format csv)",
      )
      .writable();
    await new Promise<void>((resolve, reject) => {
      writable.on("error", reject);
      writable.on("finish", () => resolve());
      writable.end(text);
    });
  });
}

await runLoads(async (i) => {
  const prefix = `BENCH${Date.now().toString(36).toUpperCase()}-`;
  const lines = fileRows(prefix);
  const copyMs = await copyBaseline(lines);
  console.log(`run ${i + 1}: raw COPY of ${ROWS} rows into students ${fmt(copyMs)} (rolled back)`);
  const run = await loadEndToEnd(actor, "students", "roster.csv", `${HEADER}\r\n${lines.map((r) => r.join(",")).join("\r\n")}\r\n`);
  const load = run.summary.ms?.load ?? NaN;
  printRun(i, run, { after: `load step at ${((copyMs / load) * 100).toFixed(0)}% of COPY speed; ` });
  // The run's children and enrollments (the shared bench database keeps its 130,000).
  await cleanUp(async (tx) => {
    await tx`delete from student_enrollments e using students s where e.tenant_id = ${t} and s.tenant_id = ${t} and s.id = e.student_id and s.tenant_unique_id like ${`${prefix}%`}`;
    await tx`delete from students where tenant_id = ${t} and tenant_unique_id like ${`${prefix}%`}`;
  }, "students, student_enrollments");
});
