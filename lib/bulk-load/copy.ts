import "server-only";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type postgres from "postgres";
import { db } from "@/db/client";

type PgliteTransaction = { query<T>(query: string, params?: unknown[], options?: { blob: Blob }): Promise<{ rows: T[] }> };

/**
 * COPY CSV text into a temporary table of the current withTenant transaction: postgres.js's COPY
 * FROM STDIN stream on PostgreSQL, each piece read as /dev/blob on PGlite (as db/seed/copy.ts does
 * outside one). Drizzle keeps the driver's own transaction in its session.
 */
export async function copyInto(table: string, csv: Iterable<string>): Promise<void> {
  const client = (db() as unknown as { session: { client: postgres.TransactionSql | PgliteTransaction } }).session.client;
  if ("unsafe" in client) {
    const writable = await client.unsafe(`copy ${table} from stdin with (format csv)`).writable();
    await pipeline(Readable.from(csv), writable);
    return;
  }
  // PGlite reads the data as a server file, which only its own superuser may: the COPY alone runs as
  // the session's role (the table is this transaction's temporary one), then the context's role is back.
  const [{ role }] = (await client.query<{ role: string }>("select current_user as role")).rows;
  await client.query("select set_config('role', 'none', true)");
  for (const text of csv) await client.query(`copy ${table} from '/dev/blob' with (format csv)`, [], { blob: new Blob([text]) });
  await client.query("select set_config('role', $1, true)", [role]);
}
