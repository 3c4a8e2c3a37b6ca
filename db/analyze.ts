import { sql } from "drizzle-orm";
import { rows, type Executor } from "./client";

/**
 * ANALYZE the tables a load or a large change wrote, where autovacuum would (its defaults: 50 rows
 * plus a tenth of the table), and any never analyzed. Until then the planner guesses: a table
 * loaded and not analyzed read as a few rows, and a teacher's grades took 72 s instead of 50 ms.
 * Needs the tables' owner (the application role may not analyze). Answers the tables analyzed.
 */
export async function analyzeLoaded(executor: Executor, tables: readonly string[], rowsWritten: number): Promise<string[]> {
  const found = await rows<{ relname: string; reltuples: number }>(
    executor,
    sql`select relname, reltuples::float8 as reltuples from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and relname in ${tables}`,
  );
  const due = found.filter((t) => t.reltuples < 0 || rowsWritten >= 50 + 0.1 * t.reltuples).map((t) => t.relname);
  if (due.length)
    await executor.execute(
      sql`analyze ${sql.join(
        due.map((t) => sql.identifier(t)),
        sql`, `,
      )}`,
    );
  return due;
}
