import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside Next's react-server build; in tests lib modules run in Node.
      "server-only": path.resolve(import.meta.dirname, "tests/support/empty.ts"),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts"],
    pool: "forks",
    maxWorkers: 2,
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup-db.ts", "tests/support/check-responses.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
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
  },
});
