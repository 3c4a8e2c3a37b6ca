// Decides whether the production build in NEXT_DIST_DIR (default .next) matches the source tree,
// so `npm start` and the test command build only when something changed.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

function sourceStamp(env) {
  const git = (args) => {
    try {
      return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    } catch {
      return "";
    }
  };
  const head = git(["rev-parse", "HEAD"]);
  const dirty = git([
    "diff",
    "HEAD",
    "--",
    "app",
    "components",
    "lib",
    "db",
    "jobs",
    "public",
    "proxy.ts",
    "instrumentation.ts",
    "instrumentation-node.ts",
    "next.config.mjs",
    "package-lock.json",
  ]);
  const untracked = git(["ls-files", "--others", "--exclude-standard", "app", "components", "lib", "db", "jobs", "public"]);
  // The test command's build compiles the journeys' test-world route too (next.config.mjs): a build with
  // it is not `npm start`'s, nor the other way round.
  const routes = env.E2E_ROUTES === "1" ? "e2e-routes" : "";
  return createHash("sha256").update(head).update(dirty).update(untracked).update(routes).digest("hex");
}

export function buildIfNeeded({ force = false, env = {} } = {}) {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  const stampFile = path.join(distDir, "source-stamp");
  const stamp = sourceStamp({ ...process.env, ...env });
  const built = existsSync(path.join(distDir, "BUILD_ID")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp;
  if (built && !force) return false;
  console.log(`Building the app (next build into ${distDir})...`);
  const started = Date.now();
  const result = spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env } });
  if (result.status !== 0) {
    console.error("next build failed");
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, stamp);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
  return true;
}

// `node scripts/build-stamp.mjs` builds when the sources changed: npm test runs it beside Vitest.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) buildIfNeeded();
