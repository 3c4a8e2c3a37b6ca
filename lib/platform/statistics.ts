import "server-only";
import { afterCommit, asSystem, db } from "@/db/client";
import { analyzeLoaded } from "@/db/analyze";
import { errorFields, log } from "./logger";

/**
 * Fresh statistics for the tables a bulk load or a large administrative change wrote, once its
 * transaction has committed (at once outside one): autovacuum may be off, or a minute away, and
 * until it runs the planner guesses. As the owner: the application role may not analyze. Small
 * changes (fewer than 50 rows and a tenth of the table) analyze nothing, as autovacuum would.
 */
export function analyzeAfterCommit(tables: readonly string[], rowsWritten: number): Promise<void> {
  if (rowsWritten < 50) return Promise.resolve();
  return afterCommit(
    async () => {
      await asSystem("statistics for what a load wrote", () => analyzeLoaded(db(), tables, rowsWritten));
    },
    (error) => log.warn("analyze after a large change failed", errorFields(error)),
  );
}
