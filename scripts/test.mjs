// `npm test`: everything a change needs, on a fresh machine. Brings up what it lacks (Debian's
// Chromium; the PostgreSQL server at TEST_DATABASE_URL when it is local and down), then runs lint,
// typecheck, Vitest (unit + API against a real database engine), a production build and the
// Playwright journeys in Chromium.
import { execSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { buildIfNeeded } from "./build-stamp.mjs";

const timings = [];
function step(name, fn) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  fn();
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

step("prerequisites", () => {
  const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!existsSync(chromium)) {
    console.log("Installing Debian's chromium (Playwright cannot download browsers here)...");
    sh("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null");
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
step("lint", () => run("node_modules/.bin/eslint", ["--max-warnings=0", "."]));
step("typecheck", () => run("node_modules/.bin/tsc", ["--noEmit"]));
step("vitest (unit + API)", () => run("node_modules/.bin/vitest", ["run"]));
step("next build", () => buildIfNeeded());
step("playwright (Chromium)", () => run("node_modules/.bin/playwright", ["test"]));

console.log("\nAll tests passed.");
for (const [name, seconds] of timings) console.log(`  ${name.padEnd(24)} ${seconds} s`);
