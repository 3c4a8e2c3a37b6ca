// The app under end-to-end test: the production build, a fresh database (a new PostgreSQL database
// when TEST_DATABASE_URL is set, else a fresh embedded PGlite), the test-world route on (each journey
// file seeds its own tenants and accounts), and a real SMTP server that captures every mail as a file
// under tests/e2e/output/mail for the tests to read.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import postgres from "postgres";

const port = process.env.E2E_PORT || "3100";
const smtpPort = Number(process.env.E2E_SMTP_PORT || 2525);
// E2E_INSTANCE lets several runs share a machine: each gets its own data folder, mail folder and database.
const instance = process.env.E2E_INSTANCE ? `-${process.env.E2E_INSTANCE}` : "";
const dataDir = path.resolve(`.data/e2e${instance}`);
export const mailDir = path.resolve(`tests/e2e/output/mail${instance}`);
const dbName = `ap_e2e${instance.replace(/[^a-z0-9]/gi, "_")}`;
rmSync(dataDir, { recursive: true, force: true });
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(",");
      writeFileSync(path.join(mailDir, `${Date.now()}-${++count}.eml`), `X-Envelope-To: ${to}\r\n` + Buffer.concat(chunks).toString("utf8"));
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: port,
  DATA_DIR: dataDir,
  NEXTAUTH_URL: `http://localhost:${port}`,
  NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // No shared demo: each journey file seeds its own world (lib/platform/test-worlds.ts).
  SEED_DEMO: "false",
  E2E_WORLDS: "1",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_MANUAL_SIG_HANDLE: "true",
};
delete env.DATABASE_URL;
if (process.env.TEST_DATABASE_URL) {
  const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.unsafe(`create database ${dbName}`);
  // No journey checks durability: a commit need not wait for the disk.
  await admin.unsafe(`alter database ${dbName} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${dbName}`;
  env.DATABASE_URL = url.toString();
}

// Only this machine reaches the test server: it carries the published demo passwords.
const child = spawn("node_modules/.bin/next", ["start", "-p", port, "-H", "127.0.0.1"], { stdio: "inherit", env });
const stop = () => {
  child.kill("SIGTERM");
  smtp.close();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => process.exit(code ?? 0));
