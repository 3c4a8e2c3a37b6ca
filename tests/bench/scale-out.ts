/**
 * Several app processes over one PostgreSQL, proven and measured (issue 22). tests/bench/scale-out.sh
 * starts what this talks to: PgBouncer in transaction mode before PostgreSQL, two app processes A and
 * B (RUN_WORKERS=false) on the demo data, one `npm run worker`, and nginx balancing A and B. Each
 * check does its two halves on different processes; the database is read directly to count.
 *
 * Env: LB, A, B (base URLs), DIRECT_URL (the database, not through PgBouncer), BENCH_SECONDS (10),
 * BENCH_CLIENTS (32), BENCH_ROUNDS (3).
 */
import { loadavg } from "node:os";
import postgres from "postgres";

const LB = process.env.LB!;
const A = process.env.A!;
const B = process.env.B!;
const sql = postgres(process.env.DIRECT_URL!, { max: 2, onnotice: () => {} });
const PASSWORD = "Demo-pass1";
/** A documentation address (RFC 5737) per check, so the per-address limits of one check do not touch another's. */
const fromAddress = (n: number) => ({ "x-forwarded-for": `192.0.2.${n}` });

type Json = Record<string, unknown>;
async function call(base: string, path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base}/en/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
}
const signIn = async (base: string, username: string, password = PASSWORD, address = 10) =>
  call(base, "/login", { body: { username, password }, headers: fromAddress(address) });
async function tokenOf(base: string, username: string) {
  const res = await signIn(base, username);
  if (res.status !== 200) throw new Error(`sign-in of ${username} on ${base}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.jwt as string;
}

const results: [string, boolean, string][] = [];
async function check(name: string, fn: () => Promise<string>) {
  try {
    results.push([name, true, await fn()]);
  } catch (error) {
    results.push([name, false, error instanceof Error ? error.message : String(error)]);
  }
}
function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

await check("sign-in on A, use on B", async () => {
  const token = await tokenOf(A, "teacher@demo.test");
  const me = await call(B, "/login/me", { token });
  expect(me.status === 200, `B answered ${me.status}`);
  const out = await call(B, "/logout", { token });
  const after = await call(A, "/login/me", { token });
  expect(after.status === 401, `a session signed out on B still answered ${after.status} on A (logout ${out.status})`);
  return "A's session answered on B; signed out on B, refused on A";
});

await check("a notification made through A reaches a live stream held by B", async () => {
  const teacher = await tokenOf(B, "teacher@demo.test");
  const admin = await tokenOf(A, "tenant.admin@demo.test");
  const stream = await fetch(`${B}/en/api/v1/notifications/stream`, { headers: { authorization: `Bearer ${teacher}` } });
  expect(stream.ok && stream.body, `stream on B answered ${stream.status}`);
  const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader();
  const events: Json[] = [];
  const readUntil = async (wanted: (e: Json) => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    let buffer = "";
    while (Date.now() < deadline) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
      if (!chunk || chunk.done) break;
      buffer += chunk.value;
      for (const line of buffer.split("\n")) if (line.startsWith("data:")) events.push(JSON.parse(line.slice(5)));
      buffer = buffer.slice(buffer.lastIndexOf("\n") + 1);
      if (events.some(wanted)) return true;
    }
    return false;
  };
  const isList = (e: Json) => e.type === "notifications";
  expect(await readUntil(isList, 10_000), "the stream sent no first list");
  const before = events.filter(isList).length;
  const title = `Scale-out ${Date.now()}`;
  const now = Math.floor(Date.now() / 1000);
  const made = await call(A, "/announcements", { token: admin, body: { title, text: "Across processes", startDate: now - 60, endDate: now + 86_400 } });
  expect(made.status < 300, `announcement on A: ${made.status} ${JSON.stringify(made.body)}`);
  const started = Date.now();
  const arrived = await readUntil(() => events.filter(isList).length > before, 15_000);
  await reader.cancel();
  expect(arrived, "no change reached B's stream within 15 s");
  return `arrived on B ${Date.now() - started} ms after A answered`;
});

await check("lockout counted once across processes", async () => {
  const user = "trainer@demo.test";
  const failures = [];
  for (let i = 0; i < 5; i++) failures.push((await signIn(i % 2 ? B : A, user, "Wrong-pass1", 20)).status);
  const right = await signIn(A, user, PASSWORD, 21);
  const rightOnB = await signIn(B, user, PASSWORD, 22);
  expect(right.status !== 200 && rightOnB.status !== 200, `after 5 failures split over A and B the right password answered ${right.status}/${rightOnB.status}`);
  return `failures ${failures.join(",")} alternating A/B; then the right password: A ${right.status}, B ${rightOnB.status} (${right.body.message})`;
});

await check("the per-address limit counted once across processes", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) statuses.push((await signIn(i % 2 ? B : A, `nobody${i}@demo.test`, "Wrong-pass1", 30)).status);
  expect(
    statuses.slice(0, 30).every((s) => s === 401),
    `the first 30 answered ${[...new Set(statuses.slice(0, 30))]}`,
  );
  expect(statuses[30] === 429, `the 31st failure from one address answered ${statuses[30]}`);
  return "30 failures from one address split over A and B, the 31st refused with 429";
});

await check("an upload started on A, its part sent to and completed on B", async () => {
  const admin = await tokenOf(A, "tenant.admin@demo.test");
  const content = Buffer.from("stateStudentId,firstName\n0001,Ana\n");
  const started = await call(A, "/system/create-multipart-upload", {
    token: admin,
    body: { fileName: "scale-out.csv", contentType: "text/csv", size: content.length, purpose: "bulk-load" },
  });
  expect(started.status === 200, `start on A: ${started.status} ${JSON.stringify(started.body)}`);
  const [part] = started.body.parts as { partNumber: number; url: string }[];
  const onB = new URL(part.url);
  onB.host = new URL(B).host;
  const put = await fetch(onB, { method: "PUT", body: content });
  expect(put.ok, `part on B: ${put.status}`);
  const { uploadId, bucket, s3FileName } = started.body;
  const done = await call(B, "/system/complete-multipart-upload", {
    token: admin,
    body: { uploadId, bucket, s3FileName, parts: [{ ETag: put.headers.get("etag"), PartNumber: 1 }] },
  });
  expect(done.status === 200 && done.body.size === content.length, `completion on B: ${done.status} ${JSON.stringify(done.body)}`);
  return `file ${done.body.id}: ${done.body.size} bytes`;
});

await check("each job done once: reports requested through A and B, run by the one worker", async () => {
  const token = await tokenOf(LB, "teacher@demo.test");
  const collections = (await call(LB, "/data-collections?role=teacher", { token })).body.dataCollections as { id: number }[];
  const since = new Date();
  const kinds = ["kra-data-results", "language-literacy", "ela-milestone"];
  const asked = [];
  for (const [i, { id }] of collections.slice(0, 4).entries()) {
    for (const kind of kinds) {
      const res = await call(i % 2 ? B : A, `/reports/${kind}`, { token, body: { dataCollectionId: id } });
      if (res.status < 300) asked.push(res.body);
    }
  }
  expect(asked.length > 0, "no report could be requested");
  const deadline = Date.now() + 120_000;
  let jobs: { state: string; n: number; retried: number }[] = [];
  while (Date.now() < deadline) {
    jobs = await sql`select state, count(*)::int as n, count(*) filter (where retry_count > 0)::int as retried
      from pgboss.job where created_on >= ${since} group by state`;
    if (jobs.length && jobs.every((j) => j.state === "completed" || j.state === "failed")) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const completed = jobs.find((j) => j.state === "completed")?.n ?? 0;
  expect(
    jobs.every((j) => j.state === "completed"),
    `jobs by state: ${JSON.stringify(jobs)}`,
  );
  expect(
    jobs.every((j) => j.retried === 0),
    `a job ran more than once: ${JSON.stringify(jobs)}`,
  );
  const ran = await sql`select count(*)::int as n from pgboss.job where created_on >= ${since} and completed_on is not null`;
  return `${asked.length} reports asked alternately on A and B: ${completed} jobs completed, none retried (${ran[0].n} with one completion each)`;
});

/** Saves per second through one base URL: `clients` teachers' loops for `seconds`. */
async function saves(base: string, teachers: Teacher[], clients: number, seconds: number) {
  const times: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const t = teachers[i % teachers.length];
      while (performance.now() < until) {
        const item = t.items[Math.floor(Math.random() * t.items.length)];
        const body = {
          studentEnrollmentId: t.kids[Math.floor(Math.random() * t.kids.length)],
          assessmentItemsId: item.id,
          assessmentItemsScalesEntriesId: item.entries[Math.floor(Math.random() * item.entries.length)],
          requestKey: crypto.randomUUID(),
        };
        const started = performance.now();
        const res = await call(base, `/data-collections/${t.collection}/scores`, { token: t.token, body });
        if (res.status === 200) times.push(performance.now() - started);
        else failed++;
      }
    }),
  );
  times.sort((x, y) => x - y);
  return { perSecond: times.length / seconds, p95: times[Math.floor(times.length * 0.95)] ?? NaN, failed };
}

interface Teacher {
  token: string;
  collection: number;
  kids: number[];
  items: { id: number; entries: number[] }[];
}

/** The demo's teachers with an open collection and a roster in it. */
async function scoringTeachers(): Promise<Teacher[]> {
  const found: Teacher[] = [];
  for (const username of ["teacher@demo.test", "admin.teacher@demo.test"]) {
    const token = await tokenOf(LB, username);
    const collections = (await call(LB, "/data-collections?role=teacher", { token })).body.dataCollections as {
      id: number;
      cycleStartDate: number;
      cycleEndDate: number;
    }[];
    const now = Date.now() / 1000;
    for (const c of collections.filter((c) => c.cycleStartDate <= now && now <= c.cycleEndDate)) {
      const kids = ((await call(LB, `/data-collections/${c.id}/students/legacy`, { token })).body.students as { studentEnrollmentId: number }[]).map(
        (s) => s.studentEnrollmentId,
      );
      const items = (await call(LB, `/data-collections/${c.id}/items`, { token })).body.assessmentItems as { id: number; parentScalesDirectoryId: number }[];
      const scales = (await call(LB, `/data-collections/${c.id}/scales`, { token })).body.scales as { id: number; entries: { id: number }[] }[];
      const entriesOf = new Map(scales.map((s) => [s.id, s.entries.map((e) => e.id)]));
      const scorable = items.map((i) => ({ id: i.id, entries: entriesOf.get(i.parentScalesDirectoryId) ?? [] })).filter((i) => i.entries.length);
      if (kids.length && scorable.length) found.push({ token, collection: c.id, kids, items: scorable });
    }
  }
  return found;
}

await check("saves per second: two processes behind nginx against one, alternating in the same run", async () => {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const clients = Number(process.env.BENCH_CLIENTS ?? 32);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const teachers = await scoringTeachers();
  expect(teachers.length, "no demo teacher has an open collection with a roster");
  await saves(LB, teachers, clients, 3); // warm both processes
  const lines = [];
  for (let round = 1; round <= rounds; round++) {
    const one = await saves(A, teachers, clients, seconds);
    const two = await saves(LB, teachers, clients, seconds);
    lines.push(
      `round ${round}: one process ${one.perSecond.toFixed(0)}/s (p95 ${one.p95.toFixed(0)} ms, ${one.failed} refused), ` +
        `two ${two.perSecond.toFixed(0)}/s (p95 ${two.p95.toFixed(0)} ms, ${two.failed} refused), ratio ${(two.perSecond / one.perSecond).toFixed(2)}; ` +
        `load ${loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}`,
    );
  }
  return `${clients} clients, ${seconds} s each\n    ${lines.join("\n    ")}`;
});

await sql.end();
for (const [name, ok, detail] of results) console.log(`${ok ? "PASS" : "FAIL"}  ${name}\n    ${detail}`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
