import type PgBoss from "pg-boss";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ensureQueue } from "@/lib/platform/queue/jobs";

/** Worker processes starting together may deadlock creating the same queue: the victim tries again. */
const deadlock = () => Object.assign(new Error("deadlock detected"), { code: "40P01" });

function fakeBoss(failures: number, error: () => Error = deadlock) {
  const calls: string[] = [];
  let left = failures;
  const boss = {
    createQueue: async (name: string) => {
      calls.push(`create ${name}`);
      if (left-- > 0) throw error();
    },
    updateQueue: async (name: string) => {
      calls.push(`update ${name}`);
    },
  } as unknown as PgBoss;
  return { boss, calls };
}

describe("ensureQueue", () => {
  it("tries again after a deadlock and then creates and updates the queue", async () => {
    const { boss, calls } = fakeBoss(2);
    await ensureQueue(boss, { name: "test.deadlock-once", payload: z.object({}) });
    expect(calls).toEqual(["create test.deadlock-once", "create test.deadlock-once", "create test.deadlock-once", "update test.deadlock-once"]);
  });

  it("passes any other error on, and a later call starts afresh", async () => {
    const { boss } = fakeBoss(1, () => Object.assign(new Error("permission denied"), { code: "42501" }));
    const kind = { name: "test.refused", payload: z.object({}) };
    await expect(ensureQueue(boss, kind)).rejects.toThrow("permission denied");
    await expect(ensureQueue(boss, kind)).resolves.toBeUndefined();
  });
});
