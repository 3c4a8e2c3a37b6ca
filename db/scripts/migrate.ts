import { closeDatabase, database } from "../client";
import { applyMigrations } from "../migrate";

const handle = database();
await applyMigrations(handle);
console.log(`Migrations applied (${handle.kind}).`);
await closeDatabase();
