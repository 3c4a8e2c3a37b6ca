import { afterAll } from "vitest";
import { installDatabase } from "@/db/client";
import { createTestDatabase } from "./database";

// Runs before every test file: the file's own database becomes the process database.
const testDb = await createTestDatabase();
installDatabase(testDb.handle);
if (testDb.url) process.env.DATABASE_URL = testDb.url;

afterAll(async () => {
  await testDb.drop();
});
