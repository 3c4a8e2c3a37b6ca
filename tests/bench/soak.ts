/**
 * Soak: 200 simulated teachers score their classes through the API for 10 minutes over 16
 * concurrent connections (each connection works through its teachers in turn, so one cell is only
 * ever written by one connection, in order). Every save carries a requestKey. Afterwards it checks
 * that every acknowledged save is in the history exactly once, that each cell holds the last grade
 * acknowledged for it, and that nothing failed. Needs a build and the generator (see scoring.ts).
 *   npx tsx tests/bench/soak.ts        (BENCH_DB=ap_bench, SOAK_SECONDS=600, SOAK_CLIENTS=16, SOAK_TEACHERS=200)
 */
import { APP, bearerSessions, openDataset, percentile, startApp } from "./scoring-setup";

const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const clients = Number(process.env.SOAK_CLIENTS ?? 16);
const teacherCount = Number(process.env.SOAK_TEACHERS ?? 200);

const { sql, t, collection, items, classes, sessionFor, url } = await openDataset(teacherCount);
const teachers = await Promise.all(classes.map(async (c) => ({ ...c, jwt: await sessionFor(c.user_id, "ROLE_TEACHER") })));
const app = startApp(url);
await app.ready;
const startedAt = new Date();

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const acknowledged = new Map<string, { cell: string; entry: number }>();
const lastByCell = new Map<string, number>();
const times: number[] = [];
const failures = new Map<string, number>();

const until = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: clients }, async (_, c) => {
    const mine = teachers.filter((_, i) => i % clients === c);
    for (let turn = 0; performance.now() < until; turn++) {
      const teacher = mine[turn % mine.length];
      // A teacher's sitting: a child, then several items in a row, as in the grid.
      const kid = pick(teacher.kids);
      for (let k = 0; k < 5 && performance.now() < until; k++) {
        const item = pick(items);
        // A different grade than this connection last gave the cell: every save is a change.
        const before = lastByCell.get(`${kid}:${item.item}`);
        const entry = pick(item.entries.filter((e) => e !== before));
        const requestKey = crypto.randomUUID();
        const started = performance.now();
        try {
          const res = await fetch(`${APP}/en/api/v1/data-collections/${collection.id}/scores`, {
            method: "POST",
            headers: { authorization: `Bearer ${teacher.jwt}`, "content-type": "application/json" },
            body: JSON.stringify({ studentEnrollmentId: kid, assessmentItemsId: item.item, assessmentItemsScalesEntriesId: entry, requestKey }),
          });
          await res.arrayBuffer();
          if (res.status === 200) {
            const cell = `${kid}:${item.item}`;
            acknowledged.set(requestKey, { cell, entry });
            lastByCell.set(cell, entry);
            times.push(performance.now() - started);
          } else failures.set(String(res.status), (failures.get(String(res.status)) ?? 0) + 1);
        } catch (error) {
          failures.set(String(error), (failures.get(String(error)) ?? 0) + 1);
        }
      }
    }
  }),
);
times.sort((a, b) => a - b);

// Verification against the database.
const keys = [...acknowledged.keys()];
const history = await sql<{ request_key: string; n: number }[]>`select request_key, count(*)::int as n from score_history
  where tenant_id = ${t} and changed_at >= ${startedAt} and request_key = any(${keys}) group by request_key`;
const seen = new Map(history.map((h) => [h.request_key, h.n]));
// A save of the grade the cell already had writes no history row by design: count those apart.
let once = 0;
let unchanged = 0;
let duplicated = 0;
for (const key of keys) {
  const n = seen.get(key) ?? 0;
  if (n === 1) once++;
  else if (n === 0) unchanged++;
  else duplicated++;
}
const cells = [...lastByCell.entries()];
const current = await sql<{ cell: string; entry: number }[]>`select s.student_enrollment_id || ':' || s.assessment_item_id as cell, s.scale_entry_id as entry
  from scores s join unnest(${cells.map(([c]) => c)}::text[]) as u (cell) on u.cell = s.student_enrollment_id || ':' || s.assessment_item_id
  where s.tenant_id = ${t} and s.data_collection_id = ${collection.id}`;
const now = new Map(current.map((r) => [r.cell, r.entry]));
const wrongCells = cells.filter(([cell, entry]) => now.get(cell) !== entry).length;

console.log(`soak: ${teachers.length} teachers, ${clients} connections, ${seconds} s`);
console.log(
  `  acknowledged saves ${keys.length} (${(keys.length / seconds).toFixed(0)}/s), p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
);
console.log(`  in history exactly once ${once}; same grade again (no change, no row) ${unchanged}; more than once ${duplicated}`);
console.log(`  cells touched ${cells.length}; holding a grade other than the last acknowledged ${wrongCells}`);
console.log(`  failed requests ${[...failures.values()].reduce((a, b) => a + b, 0)} ${JSON.stringify(Object.fromEntries(failures))}`);

await sql`delete from auth_sessions where id = any(${bearerSessions})`;
app.process.kill("SIGTERM");
await sql.end();
process.exit(duplicated === 0 && wrongCells === 0 && failures.size === 0 ? 0 : 1);
