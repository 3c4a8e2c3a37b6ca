import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authSessions } from "@/db/schema";
import { seedDemoIfEmpty } from "@/db/seed/demo";

/**
 * A teacher's save on a database never analyzed (a fresh tenant, the first minute after a load)
 * must read about one child's grades, whatever the collection's size. save_scores runs on generic
 * plans (migration 0034), and without statistics those once read the collection's whole range of
 * grades to refresh one child's results, and the item's grades of every child to answer one cell
 * (12 ms a save at 3,000 children, growing with the collection). The grades a save reads, its
 * triggers' included, are counted by the transaction's own table statistics.
 */
interface Cell {
  tenantId: number;
  userId: number;
  collectionId: number;
  locations: number[];
  eid: number;
  item: number;
  a: number;
  b: number;
  collectionGrades: number;
}

let cell: Cell;
let session: string;

beforeAll(async () => {
  expect(await seedDemoIfEmpty()).toEqual({ seeded: true });
  [cell] = await rows<Cell>(
    db(),
    sql`select e.tenant_id as "tenantId", ea.user_id as "userId", s.data_collection_id as "collectionId",
          array(select o.parent_id from user_organizations o where o.tenant_id = e.tenant_id and o.user_id = ea.user_id and o.org_type = 'location') as locations,
          e.id as eid, s.assessment_item_id as item, s.scale_entry_id as a,
          (select min(o.id) from scale_entries o join scale_entries se on se.id = s.scale_entry_id where o.scale_id = se.scale_id and o.id <> se.id) as b,
          (select count(*)::int from scores x where x.tenant_id = e.tenant_id and x.data_collection_id = s.data_collection_id) as "collectionGrades"
        from users u join enrollment_associations ea on ea.user_id = u.id join student_enrollments e on e.id = ea.student_enrollment_id
        join scores s on s.student_enrollment_id = e.id
        where u.username = 'teacher@demo.test' order by s.id limit 1`,
  );
  const [created] = await db()
    .insert(authSessions)
    .values({ tenantId: cell.tenantId, userId: cell.userId, activeRole: "ROLE_TEACHER", expiresAt: new Date(Date.now() + 3600_000) })
    .returning({ id: authSessions.id });
  session = created.id;
}, 120_000);

/** One save of the cell's grade as the app makes it, with the grades it and its triggers read (this transaction's table counters). */
async function save(entry: number): Promise<{ outcome: string; fetched: number }> {
  return db().transaction(async (tx) => {
    const counted = async () =>
      (
        await rows<{ n: number }>(tx, sql`select (coalesce(idx_tup_fetch, 0) + seq_tup_read)::int as n from pg_stat_xact_user_tables where relname = 'scores'`)
      )[0].n;
    const before = await counted();
    const [saved] = await rows<{ outcome: string }>(
      tx,
      sql`select * from save_scores(${cell.tenantId}, ${cell.tenantId}, ${cell.userId}, null, ${session}::uuid,
        ${`{${cell.locations.join(",")}}`}::int[], ${cell.collectionId}, ${`{${cell.eid}}`}::int[], ${`{${cell.item}}`}::int[], ${`{${entry}}`}::int[],
        '{NULL}'::text[], null, null, null)`,
    );
    return { outcome: saved.outcome, fetched: (await counted()) - before };
  });
}

describe("a save before statistics exist", () => {
  it("touches about one child's grades, not the collection's", async () => {
    const [stats] = await rows<{ reltuples: number }>(db(), sql`select reltuples::float8 as reltuples from pg_class where relname = 'scores'`);
    expect(stats.reltuples).toBe(-1);
    expect(cell.collectionGrades).toBeGreaterThan(2_000);

    const read: number[] = [];
    for (let i = 0; i < 6; i++) {
      const entry = i % 2 === 0 ? cell.b : cell.a;
      const { outcome, fetched } = await save(entry);
      expect(outcome).toBe("ok");
      read.push(fetched);
    }
    // About one child's grades (the demo's items) and the cell's: before, each save read all of the
    // collection's (10,105 here).
    expect(Math.max(...read), `grades read per save: ${read.join(", ")}`).toBeLessThan(cell.collectionGrades / 20);
  });
});
