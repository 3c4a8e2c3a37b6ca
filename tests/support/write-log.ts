import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";

/*
 * Which tables a request wrote, whatever the route: a row trigger on every table notes the table
 * and the kind of change (and an audit row's action) in test_writes. Only committed work stays noted (a refused request's
 * transaction rolls its notes back with it), so "changed nothing" is an empty log.
 */

export async function installWriteLog(): Promise<void> {
  await db().execute(sql`create table if not exists test_writes (table_name text not null, operation text not null, action text)`);
  // Security definer: the application role writes its notes past its grants and row-level security.
  await db().execute(
    sql.raw(`create or replace function test_note_write() returns trigger language plpgsql security definer as $$
      begin
        -- An update that leaves the row as it was (but its updated_at) changed nothing.
        if tg_op = 'UPDATE' and to_jsonb(new) - 'updated_at' = to_jsonb(old) - 'updated_at' then return null; end if;
        insert into test_writes values (tg_table_name, tg_op, to_jsonb(coalesce(new, old))->>'action');
        return null;
      end $$`),
  );
  const tables = await rows<{ name: string }>(
    db(),
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and c.relname <> 'test_writes'`,
  );
  for (const { name } of tables) {
    await db().execute(
      sql.raw(`create or replace trigger test_note_write after insert or update or delete on "${name}" for each row execute function test_note_write()`),
    );
  }
}

/** The writes since the last call, as `table operation` or `audit_log insert <action>` (sorted, once each), then forgotten. */
export async function takeWrites(ignore: readonly string[] = []): Promise<string[]> {
  const noted = await rows<{ table_name: string; operation: string; action: string | null }>(
    db(),
    sql`delete from test_writes returning table_name, operation, action`,
  );
  const named = noted.map((n) => [n.table_name, n.operation.toLowerCase(), ...(n.table_name === "audit_log" ? [n.action] : [])].join(" "));
  return [...new Set(named.filter((n) => !ignore.some((i) => n === i || n.startsWith(`${i} `))))].sort();
}
