import { sql } from "drizzle-orm";
import { closeDatabase, database, rows } from "../client";
import { applyMigrations } from "../migrate";
import { parseSeedArgs, USAGE, type SeedCommand } from "./cli-args";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoSeedingEnabled, seedDemoIfEmpty } from "./demo";
import { generateState } from "./generator";

/** `npm run db:seed`: the demo into an empty database, or with --students a state-sized tenant. */
async function run(command: SeedCommand): Promise<number> {
  if (command.kind === "help") {
    console.log(USAGE);
    return 0;
  }
  const handle = database();
  await applyMigrations(handle);
  const started = performance.now();
  if (command.kind === "state") {
    const result = await generateState({ students: command.students, seed: command.seed, handle });
    const [size] = await rows<{ size: string }>(handle.db, sql`select pg_size_pretty(pg_database_size(current_database())) as size`);
    const c = result.counts;
    console.log(
      `Tenant ${result.slug} (id ${result.tenantId}): ${c.students} students, ${c.teachers} teachers, ${c.locations} locations, ` +
        `${c.districts} districts, ${c.regions} regions, ${c.scores} scores in ${result.seconds.toFixed(1)} s. Database size ${size.size}.`,
    );
    return 0;
  }
  if (!demoSeedingEnabled()) {
    console.error("Demo data is off: with NODE_ENV=production set SEED_DEMO=true to load it.");
    return 1;
  }
  const { seeded } = await seedDemoIfEmpty();
  if (!seeded) {
    console.log("The database already has tenants: demo data not loaded.");
    return 0;
  }
  // Statistics for what was loaded: with autovacuum off (or before it wakes) plans guess otherwise.
  await handle.db.execute(sql`analyze`);
  console.log(`Demo data loaded (${handle.kind}) in ${((performance.now() - started) / 1000).toFixed(1)} s. Every account's password is ${DEMO_PASSWORD}:`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(26)} ${account.description}`);
  return 0;
}

let command: SeedCommand;
try {
  command = parseSeedArgs(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
try {
  process.exitCode = await run(command);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
