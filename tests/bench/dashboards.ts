// Dashboard render time: the full server-rendered page (session, guard, dashboard queries, HTML) of
// each area for a demo account, against a running app with demo data. Prints p50/p95 per page.
//   BENCH_URL=http://localhost:3000 BENCH_COUNT=30 npx tsx tests/bench/dashboards.ts
export {};

const base = process.env.BENCH_URL ?? "http://localhost:3000";
const count = Number(process.env.BENCH_COUNT ?? 30);
const password = process.env.BENCH_PASSWORD ?? "Demo-pass1";
const cookieName = base.startsWith("https://") ? "__Secure-next-auth.session-token" : "next-auth.session-token";

const pages = [
  { account: "teacher@demo.test", path: "/teacher/dashboard" },
  { account: "district.admin@demo.test", path: "/administrator/dashboard" },
  { account: "tenant.admin@demo.test", path: "/administrator/dashboard" },
  { account: "system@demo.test", path: "/system/dashboard" },
];

async function jwtFor(username: string): Promise<string> {
  const res = await fetch(`${base}/en/api/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  return ((await res.json()) as { jwt: string }).jwt;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

for (const { account, path } of pages) {
  const jwt = await jwtFor(account);
  const times: number[] = [];
  for (let i = 0; i < count + 2; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { cookie: `${cookieName}=${jwt}` }, redirect: "manual" });
    const html = await res.text();
    if (res.status !== 200 || !html.includes("dashboard")) throw new Error(`${path} for ${account} answered ${res.status}`);
    if (i >= 2) times.push(performance.now() - started); // the first two warm the route
  }
  times.sort((a, b) => a - b);
  console.log(`${path.padEnd(26)} ${account.padEnd(26)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`);
}
