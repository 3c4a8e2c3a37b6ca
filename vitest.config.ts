import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const FILES = ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts"];
/**
 * Files that replace modules (vi.mock) need a module registry of their own; every other file shares
 * its worker's loaded modules with the files before it, which spares each one the ~2.5 s of loading
 * the app's modules again (tests/support/setup-db.ts gives each its own database and configuration).
 */
const mocking = ["tests/unit", "tests/api"].flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".test.ts") && /\bvi\.(do)?mock\(/.test(readFileSync(path.join(dir, f), "utf8")))
    .map((f) => `${dir}/${f}`),
);

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside Next's react-server build; in tests lib modules run in Node.
      "server-only": path.resolve(import.meta.dirname, "tests/support/empty.ts"),
    },
  },
  test: {
    pool: "forks",
    maxWorkers: 2,
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup-db.ts", "tests/support/check-responses.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each test owns its data, so a file's tests run in a new order each run; a failure prints the
    // seed, and `--sequence.seed=<n>` replays that order (docs/architecture.md, Tests).
    sequence: { shuffle: { tests: true } },
    // API tests call handlers as if through one proxy: its X-Forwarded-For entry is the client's address.
    // API_CHECK_RESPONSES: every JSON success answer is checked against its route's response schema
    // (lib/platform/api.ts); a mismatch fails the test (tests/support/check-responses.ts).
    env: {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      NEXTAUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      DATA_DIR: ".data/test",
      TRUSTED_PROXIES: "1",
      API_CHECK_RESPONSES: "1",
    },
    projects: [
      { extends: true, test: { name: "shared", include: FILES, exclude: mocking, isolate: false } },
      { extends: true, test: { name: "isolated", include: mocking, isolate: true } },
    ],
  },
});
