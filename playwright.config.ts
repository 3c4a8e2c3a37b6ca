import { defineConfig, devices } from "@playwright/test";

const E2E_PORT = 3100;
const SMOKE_PORT = 3200;
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
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

/**
 * Two servers of the same production build: "app" on a fresh database with demo data and an SMTP
 * capture (tests/e2e/*.spec.ts); "smoke" is `npm start` on its embedded defaults, nothing set.
 */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "tests/e2e/output/results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { outputFolder: "tests/e2e/output/report", open: "never" }]],
  use: { screenshot: "on", trace: "retain-on-failure", actionTimeout: 15_000 },
  projects: [
    { name: "app", testIgnore: /smoke\.spec\.ts/, use: { ...chromium, baseURL: `http://localhost:${E2E_PORT}` } },
    { name: "smoke", testMatch: /smoke\.spec\.ts/, use: { ...chromium, baseURL: `http://localhost:${SMOKE_PORT}` } },
  ],
  webServer: [
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://localhost:${E2E_PORT}/en/api/v1/health`,
      env: { E2E_PORT: String(E2E_PORT) },
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The README's own first command (npm run demo) on a fresh data folder and no configuration.
      command: "rm -rf .data/smoke && node scripts/start.mjs --demo",
      url: `http://localhost:${SMOKE_PORT}/en/api/v1/health`,
      env: { PORT: String(SMOKE_PORT), DATA_DIR: ".data/smoke", DATABASE_URL: "", SMTP_URL: "", S3_BUCKET: "" },
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
