import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // Layout is Prettier's (`npm run format`); lint keeps to what code means.
  prettier,
  globalIgnores([
    ".next/**",
    ".next-*/**",
    ".data/**",
    "node_modules/**",
    "db/migrations/**",
    "test-results/**",
    "playwright-report/**",
    "tests/e2e/output*/**",
    "next-env.d.ts",
  ]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // lib/ is below app/ and components/: it never imports them (relative or `@/` paths, types,
    // re-exports and dynamic imports alike; resolved to files, so an alias cannot slip past).
    // The OpenAPI registry lives beside the routes, in app/en/api/v1/_registry/.
    files: ["lib/**/*.{ts,tsx}"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./lib",
              from: ["./app", "./components"],
              message: "lib/ never imports app/ or components/; move the shared piece into lib/ or pass it in.",
            },
          ],
        },
      ],
    },
  },
  {
    // Pages, route handlers and components reach data only through lib/<domain> services.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/db", "@/db/*", "**/db/*", "drizzle-orm", "drizzle-orm/*", "postgres", "@electric-sql/*"],
              message: "Use a lib/<domain> service; no database access from app/ or components/.",
            },
          ],
        },
      ],
    },
  },
]);
