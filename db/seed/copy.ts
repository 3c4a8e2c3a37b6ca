import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { csvForCopy, type CsvCell } from "../../lib/platform/csv";
import type { DatabaseHandle } from "../client";

/**
 * Bulk rows into a table with COPY: through postgres.js's COPY FROM STDIN stream on PostgreSQL,
 * through a Blob read as /dev/blob on PGlite. No parameter limit, one round trip per batch. The CSV
 * is the one writer's COPY dialect (lib/platform/csv.ts).
 */
export type Cell = CsvCell;

/** CSV text in pieces of about `size` rows. */
function* csvBatches(rows: Iterable<Cell[]>, size: number): Generator<string> {
  let batch: Cell[][] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= size) {
      yield csvForCopy(batch);
      batch = [];
    }
  }
  if (batch.length) yield csvForCopy(batch);
}

/** COPY `rows` into `table (columns)`; returns the number of rows written. */
export async function copyRows(handle: DatabaseHandle, table: string, columns: string[], rows: Iterable<Cell[]>): Promise<number> {
  let count = 0;
  const counted = (function* () {
    for (const row of rows) {
      count++;
      yield row;
    }
  })();
  const target = `${table} (${columns.join(", ")})`;
  if (handle.sql) {
    const writable = await handle.sql.unsafe(`copy ${target} from stdin with (format csv)`).writable();
    await pipeline(Readable.from(csvBatches(counted, 2_000)), writable);
  } else if (handle.pglite) {
    for (const text of csvBatches(counted, 20_000)) {
      await handle.pglite.query(`copy ${target} from '/dev/blob' with (format csv)`, [], { blob: new Blob([text]) });
    }
  }
  return count;
}
