// Sign-in latency: POST /en/api/v1/login against a running app (argon2id check, lockout and rate-limit
// queries, session row, profile), then GET /logout so sessions do not pile up. Prints p50/p95/max.
//   BENCH_URL=http://localhost:3000 BENCH_USERNAME=teacher@demo.test BENCH_PASSWORD=Demo-pass1 \
//   BENCH_COUNT=200 BENCH_CONCURRENCY=1 npx tsx tests/bench/sign-in.ts
const base = process.env.BENCH_URL ?? "http://localhost:3000";
const username = process.env.BENCH_USERNAME ?? "teacher@demo.test";
const password = process.env.BENCH_PASSWORD ?? "Demo-pass1";
const count = Number(process.env.BENCH_COUNT ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 1);

async function signInOnce(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/en/api/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { jwt?: string; message?: string };
  const ms = performance.now() - started;
  if (res.status !== 200 || !body.jwt) throw new Error(`sign-in answered ${res.status}: ${body.message}`);
  await fetch(`${base}/en/api/v1/logout`, { headers: { authorization: `Bearer ${body.jwt}` } });
  return ms;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  for (let i = 0; i < 5; i++) await signInOnce(); // warm-up: first requests compile routes and open pools
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        times.push(await signInOnce());
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const f = (n: number) => n.toFixed(1);
  console.log(
    `sign-in x${times.length} (concurrency ${concurrency}) against ${base}: p50 ${f(percentile(sorted, 50))} ms, ` +
      `p95 ${f(percentile(sorted, 95))} ms, max ${f(sorted.at(-1)!)} ms, mean ${f(mean)} ms, ${f(times.length / wall)} sign-ins/s`,
  );
}

main().catch((error) => {
  const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  console.error(`sign-in bench against ${base} failed: ${reason}`);
  process.exit(1);
});
