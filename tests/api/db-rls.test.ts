import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { APP_ROLE, asSystem, currentTenantId, db, onSystemAccess, openDatabase, ownerDb, requireTenantContext, rows, withTenant } from "@/db/client";
import { applyMigrations } from "@/db/migrate";
import { students } from "@/db/schema";
import { dbFailure, serverUrl } from "../support/database";
import { makeStudent, makeTenant } from "../support/factories";

let a: { id: number };
let b: { id: number };
let studentOfA: { id: number };
let studentOfB: { id: number };

// Each test its own two tenants: the rows it sees are only the ones made for it.
beforeEach(async () => {
  a = await makeTenant();
  b = await makeTenant();
  studentOfA = await makeStudent(a.id);
  studentOfB = await makeStudent(b.id);
});

afterEach(() => {
  requireTenantContext(false);
  onSystemAccess(undefined);
});

const visibleStudents = async () => (await db().select({ id: students.id, tenantId: students.tenantId }).from(students)).map((s) => s.id).sort();
const newStudent = (tenantId: number) => ({ tenantId, tenantUniqueId: `rls-${Math.random().toString(36).slice(2)}`, firstName: "K", lastName: "S" });
const whoAmI = async () =>
  (
    await rows<{ role: string; tenant: string | null }>(db(), sql`select current_user as role, nullif(current_setting('app.tenant_id', true), '') as tenant`)
  )[0];
const txid = async () => (await rows<{ id: string }>(db(), sql`select txid_current()::text as id`))[0].id;

describe("row-level security, as the application role", () => {
  it("with no tenant set: a select on a tenant table returns nothing and an insert is refused", async () => {
    await ownerDb().transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${APP_ROLE}, true)`);
      expect(await tx.select().from(students)).toEqual([]);
      const insert = await dbFailure(() => tx.transaction((sp) => sp.insert(students).values(newStudent(a.id))));
      expect(insert?.code).toBe("42501");
    });
  });

  it("with tenant A set: B's rows are invisible and cannot be written, A's can", async () => {
    await withTenant(a.id, async () => {
      expect(await whoAmI()).toEqual({ role: APP_ROLE, tenant: String(a.id) });
      expect(await visibleStudents()).toEqual([studentOfA.id]);
      const insertB = await dbFailure(() => db().transaction((sp) => sp.insert(students).values(newStudent(b.id))));
      expect(insertB?.code).toBe("42501");
      const updated = await db().update(students).set({ firstName: "Changed" }).where(eq(students.id, studentOfB.id)).returning();
      expect(updated).toEqual([]);
      const deleted = await db().delete(students).where(eq(students.id, studentOfB.id)).returning();
      expect(deleted).toEqual([]);
      // Moving A's row into B is refused too (WITH CHECK).
      const move = await dbFailure(() => db().transaction((sp) => sp.update(students).set({ tenantId: b.id }).where(eq(students.id, studentOfA.id))));
      expect(move?.code).toBe("42501");
      const [own] = await db().insert(students).values(newStudent(a.id)).returning();
      expect(own.tenantId).toBe(a.id);
    });
    const [untouched] = await ownerDb().select().from(students).where(eq(students.id, studentOfB.id));
    expect(untouched).toMatchObject({ tenantId: b.id, firstName: "Kid" });
  });

  it("leaves the connection as it found it: outside the context db() is the owner again", async () => {
    await withTenant(a.id, async () => expect((await whoAmI()).role).toBe(APP_ROLE));
    const after = await whoAmI();
    expect(after.role).not.toBe(APP_ROLE);
    expect(after.tenant).toBeNull();
    expect(await visibleStudents()).toEqual(expect.arrayContaining([studentOfA.id, studentOfB.id]));
  });

  it("rolls the whole unit back when fn throws", async () => {
    const row = newStudent(a.id);
    await expect(
      withTenant(a.id, async () => {
        await db().insert(students).values(row);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await ownerDb().select().from(students).where(eq(students.tenantUniqueId, row.tenantUniqueId))).toEqual([]);
  });
});

describe("withTenant and asSystem nesting", () => {
  it("a nested withTenant for the same tenant joins the transaction; db().transaction() inside is a savepoint", async () => {
    const kept = newStudent(a.id);
    const undone = newStudent(a.id);
    await withTenant(a.id, async () => {
      const outer = await txid();
      await withTenant(a.id, async () => {
        expect(await txid()).toBe(outer);
        await db().insert(students).values(kept);
      });
      await expect(
        db().transaction(async (sp) => {
          await sp.insert(students).values(undone);
          throw new Error("undo the savepoint only");
        }),
      ).rejects.toThrow("undo");
      expect(currentTenantId()).toBe(a.id);
    });
    const stored = await ownerDb()
      .select({ uid: students.tenantUniqueId })
      .from(students)
      .where(sql`${students.tenantUniqueId} in (${kept.tenantUniqueId}, ${undone.tenantUniqueId})`);
    expect(stored).toEqual([{ uid: kept.tenantUniqueId }]);
  });

  it("another tenant inside a tenant sees only its own rows, then the outer tenant is restored", async () => {
    await withTenant(a.id, async () => {
      await withTenant(b.id, async () => {
        expect(currentTenantId()).toBe(b.id);
        expect(await visibleStudents()).toEqual([studentOfB.id]);
      });
      expect(await whoAmI()).toEqual({ role: APP_ROLE, tenant: String(a.id) });
      expect(await visibleStudents()).toContain(studentOfA.id);
      expect(await visibleStudents()).not.toContain(studentOfB.id);
    });
  });

  it("asSystem reads across tenants, inside a tenant context too, and names its reason", async () => {
    const reasons: string[] = [];
    onSystemAccess((reason) => reasons.push(reason));
    const everyone = await asSystem("test: top level", visibleStudents);
    expect(everyone).toEqual(expect.arrayContaining([studentOfA.id, studentOfB.id]));
    await withTenant(a.id, async () => {
      const inside = await asSystem("test: inside a tenant", async () => {
        expect(currentTenantId()).toBeNull();
        return visibleStudents();
      });
      expect(inside).toEqual(expect.arrayContaining([studentOfA.id, studentOfB.id]));
      expect(await whoAmI()).toEqual({ role: APP_ROLE, tenant: String(a.id) });
      expect(await visibleStudents()).not.toContain(studentOfB.id);
    });
    expect(reasons).toEqual(["test: top level", "test: inside a tenant"]);
    await expect(asSystem(" ", visibleStudents)).rejects.toThrow("reason");
  });

  it("a tenant inside asSystem is bound to it", async () => {
    await asSystem("test: job over tenants", async () => {
      for (const [tenant, student] of [
        [a, studentOfA],
        [b, studentOfB],
      ] as const) {
        expect(await withTenant(tenant.id, visibleStudents)).toContain(student.id);
        expect(await withTenant(tenant.id, visibleStudents)).not.toContain((student === studentOfA ? studentOfB : studentOfA).id);
      }
    });
  });

  it("refuses a tenant id that is not one", async () => {
    await expect(withTenant(0, visibleStudents)).rejects.toThrow("not a tenant id");
    await expect(withTenant(Number.NaN, visibleStudents)).rejects.toThrow("not a tenant id");
  });

  it("with requireTenantContext, db() outside any context throws; ownerDb() and the contexts work", async () => {
    requireTenantContext();
    expect(() => db()).toThrow("db() outside withTenant or asSystem");
    expect(await withTenant(a.id, visibleStudents)).toContain(studentOfA.id);
    expect((await asSystem("test: strict", visibleStudents)).length).toBeGreaterThanOrEqual(2);
    expect((await ownerDb().select().from(students)).length).toBeGreaterThanOrEqual(2);
  });
});

// PGlite is one superuser session; roles other than that one exist only on a PostgreSQL server.
describe.runIf(process.env.TEST_DATABASE_URL)("on PostgreSQL with a non-superuser owner, as deployed", () => {
  it("the owner migrates, reads across tenants as the system path and is isolated inside withTenant", { timeout: 120_000 }, async () => {
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    const name = `ap_owner_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    // Cluster-wide roles: created once, whichever test database gets here first.
    await admin.unsafe(`do $$ begin
        if not exists (select 1 from pg_roles where rolname = 'ap_test_owner') then create role ap_test_owner login nosuperuser nobypassrls; end if;
        if not exists (select 1 from pg_roles where rolname = 'assessment_app') then create role assessment_app nologin; end if;
      exception when duplicate_object or unique_violation then null; end $$`);
    await admin.unsafe(`grant assessment_app to ap_test_owner`);
    await admin.unsafe(`create database ${name} owner ap_test_owner`);
    const url = new URL(serverUrl(name));
    url.username = "ap_test_owner";
    const handle = openDatabase({ url: url.toString(), max: 2 });
    try {
      await applyMigrations(handle);
      const [t1, t2] = await rows<{ id: number }>(handle.db, sql`insert into tenants (name, slug) values ('One', 'one'), ('Two', 'two') returning id`);
      await handle.db.execute(sql`insert into regions (tenant_id, name) values (${t1.id}, 'R1'), (${t2.id}, 'R2')`);
      const all = await rows<{ name: string }>(handle.db, sql`select name from regions order by name`);
      expect(all.map((r) => r.name)).toEqual(["R1", "R2"]);
      const isolated = await handle.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${String(t2.id)}, true)`);
        return rows<{ name: string }>(tx, sql`select name from regions`);
      });
      expect(isolated.map((r) => r.name)).toEqual(["R2"]);
    } finally {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
