import dns from "node:dns";
import { defineConfig, devices } from "@playwright/test";

// The journeys run on a state's own host, maryland.localhost. Chromium resolves every *.localhost
// name to loopback (RFC 6761); Node asks the system resolver, which here knows only "localhost", so
// the journeys' API requests (Playwright's, in this process and its workers) are resolved alike.
const systemLookup = dns.promises.lookup.bind(dns.promises);
dns.promises.lookup = ((hostname: string, options: dns.LookupOptions) =>
  systemLookup(hostname.toLowerCase().endsWith(".localhost") ? "localhost" : hostname, options)) as typeof dns.promises.lookup;

// Overridable (with E2E_INSTANCE, E2E_SMTP_PORT and NEXT_DIST_DIR) so several runs can share a machine.
const E2E_PORT = Number(process.env.E2E_PORT || 3100);
const SMOKE_PORT = Number(process.env.SMOKE_PORT || 3200);
const INSTANCE = process.env.E2E_INSTANCE || "";
// E2E_SMOKE=only runs the smoke journey alone with its own server: npm test runs it beside the two
// groups, so that server (and its embedded database's queue polling) stops when the smoke ends.
const SMOKE_ONLY = process.env.E2E_SMOKE === "only";
const OUTPUT = SMOKE_ONLY ? "tests/e2e/output-smoke" : `tests/e2e/output${INSTANCE ? `-${INSTANCE}` : ""}`;
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    // Chromium's headless shell (Debian's chromium-headless-shell), what Playwright runs headless.
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

// Maryland's own host, not the public address (NEXTAUTH_URL is http://localhost:PORT): every redirect
// and every URL handed to the browser must stay on the host the browser used.
const appProject = { name: "app", testIgnore: /smoke\.spec\.ts/, use: { ...chromium, baseURL: `http://maryland.localhost:${E2E_PORT}` } };
const smokeProject = { name: "smoke", testMatch: /smoke\.spec\.ts/, use: { ...chromium, baseURL: `http://localhost:${SMOKE_PORT}` } };
const appServer = {
  command: "node scripts/e2e-server.mjs",
  url: `http://localhost:${E2E_PORT}/en/api/v1/health`,
  env: { E2E_PORT: String(E2E_PORT), E2E_SMTP_PORT: process.env.E2E_SMTP_PORT || "2525", E2E_INSTANCE: INSTANCE },
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
};
const smokeServer = {
  // The README's own first command (npm run demo) on a fresh data folder and no configuration.
  command: "rm -rf .data/smoke && node scripts/start.mjs --demo",
  url: `http://localhost:${SMOKE_PORT}/en/api/v1/health`,
  env: { PORT: String(SMOKE_PORT), DATA_DIR: ".data/smoke", DATABASE_URL: "", SMTP_URL: "", S3_BUCKET: "" },
  timeout: 300_000,
  reuseExistingServer: false,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
};

/**
 * Two servers of the same production build: "app" on a fresh database with demo data and an SMTP
 * capture (tests/e2e/*.spec.ts); "smoke" is `npm start` on its embedded defaults, nothing set.
 */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `${OUTPUT}/results`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { outputFolder: `${OUTPUT}/report`, open: "never" }], ["json", { outputFile: `${OUTPUT}/results.json` }]],
  // A trace records a screencast and DOM snapshots of every action: a sixth of a journey's CPU on a
  // two-core machine, where the journeys are CPU-bound. E2E_TRACE=1 records one for failing journeys.
  // The pictures people look at are the journeys' own screenshot() calls; a failing journey adds its last.
  // Reduced motion (app/globals.css ends every fade at once): no journey waits on, or composites the
  // frames of, a page or dialog fade; axe reads the pages at rest either way.
  use: { reducedMotion: "reduce", screenshot: "only-on-failure", trace: process.env.E2E_TRACE ? "retain-on-failure" : "off", actionTimeout: 15_000 },
  // An instance run (one engineer's journeys beside others, or a group of npm test's) needs only the app server.
  projects: SMOKE_ONLY ? [smokeProject] : INSTANCE ? [appProject] : [appProject, smokeProject],
  webServer: SMOKE_ONLY ? [smokeServer] : INSTANCE ? [appServer] : [appServer, smokeServer],
});
