import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { signInAttempts } from "@/db/schema";
import { makeAccount, PASSWORD, signIn } from "../support/auth";
import { makeTenant } from "../support/factories";

const LOCKED = "Your account is locked after 5 failed sign-in attempts. Try again in 15 minutes or reset your password with 'Forgot password?'.";

const outcomes = async (username: string) =>
  (
    await db()
      .select({ outcome: signInAttempts.outcome })
      .from(signInAttempts)
      .where(and(eq(signInAttempts.kind, "login"), eq(signInAttempts.username, username)))
  ).map((r) => r.outcome);
const tally = (values: (string | number)[]) => values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});

describe("account lockout under parallel guesses", () => {
  it("20 parallel wrong passwords check at most 5 passwords and lock the account", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn({ username: user.username, password: `Wrong-guess${i}` }, { ip: `10.77.${i}.1` })),
    );
    const statuses = tally(answers.map((a) => a.status));
    expect(Object.keys(statuses).sort()).toEqual(expect.arrayContaining(["423"]));
    expect((statuses[401] ?? 0) + statuses[423]).toBe(20);
    expect(statuses[401] ?? 0).toBeLessThanOrEqual(5);
    expect(answers.find((a) => a.status === 423)?.body).toEqual({ message: LOCKED });
    expect(tally(await outcomes(user.username))).toEqual({ failure: 5, locked: 15 });

    const right = await signIn({ username: user.username, password: PASSWORD }, { ip: "10.77.99.1" });
    expect(right).toMatchObject({ status: 423, body: { message: LOCKED } });
  });

  it("locks an unknown username the same way", async () => {
    const username = "nobody-parallel@nowhere.example";
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn({ username, password: `Wrong-guess${i}` }, { ip: `10.78.${i}.1` })));
    expect(answers.filter((a) => a.status === 423).length).toBeGreaterThanOrEqual(7);
    expect(tally(await outcomes(username))).toEqual({ failure: 5, locked: 7 });
  });

  it("a right password after fewer than 5 failures still signs in and starts the count again", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    await Promise.all(Array.from({ length: 4 }, (_, i) => signIn({ username: user.username, password: `Wrong-guess${i}` }, { ip: `10.79.${i}.1` })));
    expect((await signIn({ username: user.username, password: PASSWORD }, { ip: "10.79.9.1" })).status).toBe(200);
    expect(tally(await outcomes(user.username))).toEqual({ failure: 4, success: 1 });
    const again = await Promise.all(
      Array.from({ length: 4 }, (_, i) => signIn({ username: user.username, password: `Wrong-guess${i}` }, { ip: `10.79.${i}.2` })),
    );
    expect(again.map((a) => a.status)).toEqual([401, 401, 401, 401]);
  });
});
