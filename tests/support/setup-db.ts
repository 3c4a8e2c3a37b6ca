import { afterAll } from "vitest";
import { installDatabase } from "@/db/client";
import { stopQueue } from "@/lib/platform/queue/boss";
import { createFileDatabase } from "./database";

// Runs before every test file: the file's own database becomes the process database.
const testDb = await createFileDatabase();
installDatabase(testDb.handle);
if (testDb.url) process.env.DATABASE_URL = testDb.url;

// Files of the shared project run one after another in one process (vitest.config.ts): each leaves
// the process as it found it, so the next starts on its own database, configuration and storage.
const envAtStart = { ...process.env };
const processState = globalThis as { __env?: unknown; __storage?: unknown };

afterAll(async () => {
  await stopQueue({ graceful: false });
  await testDb.drop();
  for (const key of Object.keys(process.env)) if (!(key in envAtStart)) delete process.env[key];
  Object.assign(process.env, envAtStart);
  processState.__env = undefined;
  processState.__storage = undefined;
});
