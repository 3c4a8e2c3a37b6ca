// `npm start`: builds when needed and runs the whole product (app and, by default, its workers).
// `npm run demo` (--demo) also loads the demo tenants and accounts into an empty database: the
// explicit request that production (NODE_ENV=production) needs before it creates demo accounts.
// On a fresh clone with no environment it uses the embedded defaults under .data/: PGlite, local
// files, mail kept in the outbox. Migrations, demo data and workers start inside the app process
// (instrumentation.ts). It listens on 127.0.0.1 unless HOSTNAME says otherwise (listen-address.mjs).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { buildIfNeeded } from "./build-stamp.mjs";
import { listenHost } from "./listen-address.mjs";

const dataDir = process.env.DATA_DIR || ".data";
mkdirSync(dataDir, { recursive: true });
const port = process.env.PORT || "3000";

// The same secret file lib/platform/env.ts falls back to, so sessions survive restarts.
const secretFile = path.join(dataDir, "nextauth-secret");
if (!process.env.NEXTAUTH_SECRET) {
  if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(32).toString("base64url"), { mode: 0o600 });
  process.env.NEXTAUTH_SECRET = readFileSync(secretFile, "utf8").trim();
}
process.env.NEXTAUTH_URL ||= `http://localhost:${port}`;
process.env.NODE_ENV = "production";
if (process.argv.includes("--demo")) process.env.SEED_DEMO ||= "true";
process.env.NEXT_TELEMETRY_DISABLED = "1";
// instrumentation.ts handles SIGTERM itself so in-process jobs finish before exit.
process.env.NEXT_MANUAL_SIG_HANDLE = "true";

buildIfNeeded({ force: process.argv.includes("--build") });

const child = spawn("node_modules/.bin/next", ["start", "-p", port, "-H", listenHost(process.env)], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
