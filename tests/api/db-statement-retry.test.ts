import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db, selfBound, withTenant } from "@/db/client";
import { dbFailure } from "../support/database";

/**
 * A self-bound statement (the score save's one round trip) that PostgreSQL rolled back whole as a
 * deadlock victim runs again; inside a transaction, or for any other failure, it does not. The
 * function below fails its first calls as a victim would: a sequence counts calls, and a sequence
 * is not rolled back with the statement. Each test starts the counts from nothing.
 */
beforeAll(async () => {
  await db().execute(sql`create sequence victim_calls`);
  await db().execute(sql`create sequence broken_calls`);
  await db().execute(sql`
    create function victim_until(n int) returns bigint language plpgsql as $$
    declare call bigint := nextval('victim_calls');
    begin
      if call < n then raise exception 'deadlock detected' using errcode = '40P01'; end if;
      return call;
    end $$`);
  await db().execute(sql`
    create function broken() returns bigint language plpgsql as $$
    begin
      perform nextval('broken_calls');
      raise exception 'not a deadlock' using errcode = '23505';
    end $$`);
});

beforeEach(async () => {
  await db().execute(sql`alter sequence victim_calls restart`);
  await db().execute(sql`alter sequence broken_calls restart`);
});

/** How many times a sequence has been called since its restart (pg_sequences shows null before the first). */
const calls = async (name: string) =>
  Number((await selfBound<{ last: string }>(sql`select coalesce(last_value, 0) as last from pg_sequences where sequencename = ${name}`))[0].last);

describe("selfBound", () => {
  it("runs a deadlock victim again, and answers the run that got through", async () => {
    const [row] = await selfBound<{ call: string }>(sql`select victim_until(3) as call`);
    expect(Number(row.call)).toBe(3);
  });

  it("gives up after three tries", async () => {
    const failure = await dbFailure(() => selfBound(sql`select victim_until(100) as call`));
    expect(failure?.code).toBe("40P01");
    expect(await calls("victim_calls")).toBe(3);
  });

  it("does not run any other failure again", async () => {
    expect((await dbFailure(() => selfBound(sql`select broken()`)))?.code).toBe("23505");
    expect(await calls("broken_calls")).toBe(1);
  });

  it("leaves a failure inside a transaction to the transaction", async () => {
    const before = await calls("victim_calls");
    const failure = await dbFailure(() => withTenant(1, () => selfBound(sql`select victim_until(1000) as call`)));
    expect(failure?.code).toBe("40P01");
    expect(await calls("victim_calls")).toBe(before + 1);
  });
});
