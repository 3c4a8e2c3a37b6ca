import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { POST as worldsRoute } from "@/app/en/api/e2e/worlds/route.e2e";
import { POST as loginRoute } from "@/app/en/api/v1/login/route";
import { db, rows } from "@/db/client";
import { DEMO_PASSWORD } from "@/db/seed/demo";
import { seedWorld } from "@/db/seed/world";
import { call } from "../support/api";

// The journeys' worlds (tests/e2e/support.ts): copies of the demo under their own tags, side by side.
const NOW = new Date("2026-11-22T15:00:00Z");

const login = (username: string, host: string) =>
  call(loginRoute, "POST", "/en/api/v1/login", { body: { username, password: DEMO_PASSWORD }, headers: { host, "x-forwarded-for": "203.0.113.9" } });

/** Names, birth dates and state ids of a tenant's children: equal prints mean the same children. */
const childrenOf = async (slug: string) =>
  (
    await rows<{ n: number; print: string }>(
      db(),
      sql`select count(*)::int as n, md5(string_agg(s.tenant_unique_id || s.first_name || s.last_name || s.dob, ',' order by s.tenant_unique_id)) as print
          from students s join tenants t on t.id = s.tenant_id where t.slug = ${slug}`,
    )
  )[0];

afterEach(() => {
  delete process.env.E2E_WORLDS;
});

describe("test worlds", () => {
  it("two worlds are two copies of the demo's tenants, each with its own accounts on its own hosts", { timeout: 120_000 }, async () => {
    const one = await seedWorld("wone", NOW);
    const two = await seedWorld("wtwo", NOW);
    expect(one.slugs).toEqual({ maryland: "wone", ohio: "wone-ohio" });
    expect(Object.keys(one.accounts)).toHaveLength(10);
    expect(one.accounts.teacher).toBe("teacher@wone.test");
    expect(two.accounts["ohio.teacher"]).toBe("ohio.teacher@wtwo.test");

    // The same children (the demo's plans seed them), in four tenants.
    const [a, b] = [await childrenOf("wone"), await childrenOf("wtwo")];
    expect(a.n).toBeGreaterThan(300);
    expect(b).toEqual(a);

    // Each account signs in on its own copy's host; not on the other world's, nor Ohio's on Maryland's.
    expect((await login(one.accounts.teacher, "wone.localhost:3100")).status).toBe(200);
    expect((await login(one.accounts["ohio.teacher"], "wone-ohio.localhost:3100")).status).toBe(200);
    expect((await login(one.accounts.teacher, "wtwo.localhost:3100")).status).toBe(401);
    expect((await login(one.accounts["ohio.teacher"], "wone.localhost:3100")).status).toBe(401);
  });

  it("a tag that is not a host label is refused before anything is written", async () => {
    await expect(seedWorld("Bad Tag", NOW)).rejects.toThrow("A world's tag is 3 to 21 lower-case letters and digits");
    expect((await rows<{ n: number }>(db(), sql`select count(*)::int as n from tenants where slug ilike 'bad%'`))[0].n).toBe(0);
  });

  it("the route answers only on a server started with E2E_WORLDS=1", { timeout: 120_000 }, async () => {
    const before = (await rows<{ n: number }>(db(), sql`select count(*)::int as n from tenants`))[0].n;
    expect((await worldsRoute()).status).toBe(404);
    expect((await rows<{ n: number }>(db(), sql`select count(*)::int as n from tenants`))[0].n).toBe(before);

    process.env.E2E_WORLDS = "1";
    const res = await worldsRoute();
    expect(res.status).toBe(201);
    const world = (await res.json()) as { tag: string; slugs: Record<string, string>; accounts: Record<string, string> };
    expect(world.slugs.maryland).toBe(world.tag);
    expect((await login(world.accounts["tenant.admin"], `${world.tag}.localhost:3100`)).status).toBe(200);
  });
});
