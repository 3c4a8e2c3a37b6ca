/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled;
  // ssh2 loads optional native crypto at run time; pdfkit requires its standard fonts' metrics through
  // its package's own import map when a document first uses them.
  serverExternalPackages: ["@electric-sql/pglite", "pg-boss", "postgres", "@node-rs/argon2", "nodemailer", "ssh2", "pdfkit"],
  // Parallel builds (several engineers, or tests) each use their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The test command's build (E2E_ROUTES=1) also compiles *.e2e.ts route files: the journeys' test
  // worlds (lib/platform/test-worlds.ts). Every other build leaves them out.
  ...(process.env.E2E_ROUTES === "1" ? { pageExtensions: ["tsx", "ts", "jsx", "js", "e2e.ts"] } : {}),
  poweredByHeader: false,
  devIndicators: false,
  // `npm test` type-checks the whole project (tsc --noEmit) before it builds: its build skips a second check.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_TYPECHECKED === "1" },
  // A one-off build (CI's fresh clone) never reads the build cache again: NEXT_BUILD_CACHE=off skips writing it.
  experimental: { turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_CACHE !== "off" },
};

export default nextConfig;
