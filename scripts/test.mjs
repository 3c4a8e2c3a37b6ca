// `npm test`: everything a change needs, on a fresh machine. Brings up what it lacks (Debian's
// Chromium; the PostgreSQL server at TEST_DATABASE_URL when it is local and down), then runs lint,
// typecheck, Vitest (unit + API against a real database engine), a production build and the
// Playwright journeys in Chromium.
import { execSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync } from "node:fs";
import { buildIfNeeded } from "./build-stamp.mjs";

const timings = [];
// The build and every server started from it (the journeys' and the smoke's `npm start`) are the test
// build: with the journeys' test-world route compiled in (next.config.mjs). Only the journeys' own
// server (scripts/e2e-server.mjs) switches it on.
process.env.E2E_ROUTES = "1";
async function step(name, fn) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  await fn();
  timings.push([name, Math.round((Date.now() - started) / 1000)]);
}
function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${cmd} ${args.join(" ")} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}
const sh = (command) => execSync(command, { stdio: "inherit" });
/**
 * Run commands at once (one named in `after` once that one has ended), each with its output on the
 * console or in its own log file; once all have ended, print each one's seconds and exit with the
 * first failure's code (printing its log).
 */
async function all(commands) {
  mkdirSync(".data", { recursive: true });
  const running = {};
  for (const { name, cmd, args, log, after } of commands)
    running[name] = (after ? running[after] : Promise.resolve()).then(() => {
      const started = Date.now();
      const out = log ? openSync(log, "w") : "inherit";
      return new Promise((resolve) =>
        spawn(cmd, args, { stdio: ["ignore", out, out] }).on("exit", (code) =>
          resolve({ name, log, code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) }),
        ),
      );
    });
  const results = await Promise.all(Object.values(running));
  for (const { name, log, seconds } of results) console.log(`  ${name}: ${seconds} s${log ? ` (its output: ${log})` : ""}`);
  const failed = results.find(({ code }) => code !== 0);
  if (failed) {
    if (failed.log) console.error(readFileSync(failed.log, "utf8"));
    console.error(`\n${failed.name} failed (exit ${failed.code})`);
    process.exit(failed.code);
  }
}

await step("prerequisites", () => {
  // Chromium's headless shell (Debian's chromium-headless-shell), as Playwright's own headless runs
  // use: without the full browser's layers it costs the CPU-bound journeys less.
  const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";
  if (!existsSync(chromium)) {
    console.log("Installing Debian's chromium-headless-shell (Playwright cannot download browsers here)...");
    sh("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell > /dev/null");
  }
  // The parent-report journey renders PDF pages to PNG with poppler's pdftoppm to read them.
  if (!existsSync("/usr/bin/pdftoppm")) {
    console.log("Installing Debian's poppler-utils (pdftoppm)...");
    sh("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils > /dev/null");
  }
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const ready = () => spawnSync("pg_isready", ["-d", url], { stdio: "ignore" }).status === 0;
    if (!ready() && /@(127\.0\.0\.1|localhost)[:/]/.test(url)) {
      console.log("Starting the local PostgreSQL cluster...");
      sh("pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start || true");
      for (let i = 0; i < 30 && !ready(); i++) execSync("sleep 1");
    }
    if (!ready()) {
      console.error(`TEST_DATABASE_URL is set but ${new URL(url).host} does not answer`);
      process.exit(1);
    }
    console.log(`Database tests run on PostgreSQL (${new URL(url).host}).`);
  } else {
    console.log("TEST_DATABASE_URL not set: database tests run on embedded PGlite.");
  }
});
/**
 * The journeys in two groups at once, each against its own app server, database, data folder and mail
 * (a Playwright instance, README), so neither sees the other's changes; within a group they run in
 * order as before. A journey spends much of its time waiting on the browser or the server, so two
 * groups on two cores take about two thirds of the time of one. Files are balanced by their measured
 * time (tests/e2e/durations.json, refreshed by `node scripts/e2e-durations.mjs` after a run); a file
 * not measured yet is estimated from its length. The smoke journey (the README's own start command)
 * runs beside them on its own server, which stops when it ends. E2E_GROUPS=1 runs everything as one group.
 */
async function journeys() {
  const files = readdirSync("tests/e2e").filter((f) => f.endsWith(".spec.ts") && f !== "smoke.spec.ts");
  if (process.env.E2E_GROUPS === "1") return run("node_modules/.bin/playwright", ["test"]);
  const measured = JSON.parse(readFileSync("tests/e2e/durations.json", "utf8"));
  const lines = (f) => readFileSync(`tests/e2e/${f}`, "utf8").split("\n").length;
  const known = files.filter((f) => measured[f]);
  const perLine =
    known.reduce((sum, f) => sum + measured[f], 0) /
    Math.max(
      1,
      known.reduce((sum, f) => sum + lines(f), 0),
    );
  const weight = (f) => measured[f] ?? lines(f) * perLine;
  const groups = [
    { files: [], weight: 0, env: { E2E_INSTANCE: "a", E2E_PORT: "3100", E2E_SMTP_PORT: "2525" } },
    { files: [], weight: 0, env: { E2E_INSTANCE: "b", E2E_PORT: "3101", E2E_SMTP_PORT: "2526" } },
  ];
  for (const f of files.sort((a, b) => weight(b) - weight(a))) {
    const lighter = groups[0].weight <= groups[1].weight ? groups[0] : groups[1];
    lighter.files.push(f);
    lighter.weight += weight(f);
  }
  console.log(groups.map((g, i) => `group ${i + 1}: ${g.files.length} files, about ${Math.round(g.weight / 60)} min`).join("; "));
  groups.push({ files: ["smoke.spec.ts"], weight: 0, env: { E2E_SMOKE: "only" } });
  const codes = await Promise.all(
    groups.map(
      (group) =>
        new Promise((resolve) => {
          const child = spawn("node_modules/.bin/playwright", ["test", ...group.files.map((f) => `tests/e2e/${f}`)], {
            stdio: "inherit",
            env: { ...process.env, ...group.env },
          });
          child.on("exit", (code) => resolve(code ?? 1));
        }),
    ),
  );
  if (codes.some((code) => code !== 0)) {
    console.error(`\nplaywright failed (exit codes ${codes.join(", ")}); the reports are in tests/e2e/output-{a,b,smoke}/report`);
    process.exit(1);
  }
}

// `node scripts/test.mjs journeys` runs only the build (when the sources changed) and the journeys, as
// `npm test` runs them.
const only = process.argv[2];
if (only && only !== "journeys") {
  console.error(`Unknown stage ${only}: the only one that runs alone is journeys.`);
  process.exit(2);
}
process.env.NEXT_BUILD_TYPECHECKED = "1";
if (only !== "journeys") {
  // All at once: each alone leaves part of the two cores idle (lint, typecheck and format are
  // single-threaded; Vitest waits on the database and its job workers), and together they take little
  // more than Vitest alone. The build's output goes to a file, shown if it fails.
  await step("lint, typecheck, format, vitest and the build", () =>
    all([
      { name: "eslint", cmd: "node_modules/.bin/eslint", args: ["--max-warnings=0", "."] },
      { name: "tsc", cmd: "node_modules/.bin/tsc", args: ["--noEmit"] },
      { name: "prettier", cmd: "node_modules/.bin/prettier", args: ["--check", "--log-level=warn", "."] },
      { name: "vitest", cmd: "node_modules/.bin/vitest", args: ["run"] },
      // After tsc, which reads the types the build writes (.next/types).
      { name: "next build", cmd: process.execPath, args: ["scripts/build-stamp.mjs"], log: ".data/test-build.log", after: "tsc" },
    ]),
  );
} else await step("next build", () => buildIfNeeded());
await step("playwright (Chromium)", journeys);

console.log("\nAll tests passed.");
for (const [name, seconds] of timings) console.log(`  ${name.padEnd(24)} ${seconds} s`);
