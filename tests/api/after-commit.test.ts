import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { asSystem, db, ownerDb, rows, withTenant } from "@/db/client";
import { mailSendJob, sendMail } from "@/lib/platform/mail";
import { defineJob, queue, sendJob, startWorkers, stopWorkers } from "@/lib/platform/queue";
import { BOSS_SCHEMA } from "@/lib/platform/queue/boss";
import { handlers } from "@/jobs/registry";
import { makeTenant } from "../support/factories";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { TEST_JOB_ENV, outboxRow, outboxStatus, setEnv, waitFor } from "../support/jobs";

setEnv(TEST_JOB_ENV);

/** A kind no worker handles: its jobs stay in the queue to be looked at. */
const probe = defineJob({ name: "test.after-commit", payload: z.object({ n: z.number().int() }) });

/** How many of these job ids pg-boss holds, read through `db()` (inside a transaction, through it). */
async function jobsIn(ids: string[]): Promise<number> {
  const [row] = await rows<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.raw(BOSS_SCHEMA)}.job where id::text in ${ids}`);
  return Number(row.n);
}

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  await queue();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await stopWorkers();
  setEnv({ SMTP_URL: undefined, LOG_LEVEL: "silent" });
});

afterAll(async () => {
  await stopWorkers();
  await smtp.close();
});

describe("jobs sent inside a transaction", () => {
  it("reach pg-boss only once withTenant has committed, before it returns", async () => {
    const tenant = await makeTenant();
    let id = "";
    let seenInside = -1;
    await withTenant(tenant.id, async () => {
      id = await sendJob(probe, { n: 1 });
      // As the owner inside the same transaction: on PostgreSQL a send already made on pg-boss's
      // own connection would be committed and visible here.
      seenInside = await asSystem("test: pg-boss's table", () => jobsIn([id]));
    });
    expect(seenInside).toBe(0);
    const job = await (await queue()).getJobById(probe.name, id);
    expect(job).toMatchObject({ id, data: { n: 1 }, state: "created" });
  });

  it("are never sent when the transaction, or the savepoint they were sent in, rolls back", async () => {
    const tenant = await makeTenant();
    const sent: Record<string, string> = {};
    await expect(
      withTenant(tenant.id, async () => {
        sent.rolledBack = await sendJob(probe, { n: 2 });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");

    await withTenant(tenant.id, async () => {
      sent.kept = await sendJob(probe, { n: 3 });
      await db()
        .transaction(async () => {
          sent.savepoint = await sendJob(probe, { n: 4 });
          throw new Error("savepoint rolled back");
        })
        .catch(() => undefined);
      await asSystem("test: a savepoint under another binding that rolls back", async () => {
        sent.otherBinding = await sendJob(probe, { n: 5 });
        throw new Error("rolled back too");
      }).catch(() => undefined);
      await db().transaction(async (tx) => {
        sent.released = await sendJob(probe, { n: 6 });
        await tx
          .transaction(async () => {
            sent.nested = await sendJob(probe, { n: 10 });
            throw new Error("nested savepoint rolled back");
          })
          .catch(() => undefined);
      });
      await asSystem("test: a savepoint under another binding that is released", async () => {
        sent.releasedOther = await sendJob(probe, { n: 7 });
      });
    });

    expect(await jobsIn([sent.rolledBack, sent.savepoint, sent.otherBinding, sent.nested])).toBe(0);
    expect(await jobsIn([sent.kept, sent.released, sent.releasedOther])).toBe(3);
  });

  it("go out at once outside a transaction, the error reaching the caller; after a commit a failure is logged without the payload", async () => {
    const tenant = await makeTenant();
    const boss = await queue();
    vi.spyOn(boss, "send").mockRejectedValueOnce(new Error("refused for family@example.org"));
    await expect(sendJob(probe, { n: 8 })).rejects.toThrow("refused");

    setEnv({ LOG_LEVEL: "info" });
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    vi.spyOn(boss, "send").mockRejectedValueOnce(new Error("refused for family@example.org"));
    const id = await withTenant(tenant.id, () => sendJob(probe, { n: 9 }));
    const logged = lines.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged.find((l) => l.msg === "job not sent after commit")).toMatchObject({ level: "error", kind: probe.name, id, error: "Error" });
    expect(lines.join("")).not.toContain("family@example.org");
    expect(await jobsIn([id])).toBe(0);
  });
});

describe("sendMail inside withTenant", () => {
  it("writes the outbox row in the transaction and delivers after the commit (no deadlock on PGlite)", async () => {
    const tenant = await makeTenant();
    setEnv({ SMTP_URL: smtp.url });
    await startWorkers(handlers);
    const before = smtp.messages.length;
    const { outboxId, jobId } = await withTenant(tenant.id, async () => {
      const queued = await sendMail({ tenantId: tenant.id, to: "teacher@school.example", subject: "Sent after commit", text: "Body" });
      expect(await asSystem("test: pg-boss's table", () => jobsIn([queued.jobId]))).toBe(0);
      return queued;
    });
    const row = await waitFor(outboxStatus(outboxId, "sent"), 20_000, "sent row");
    expect(row.tenantId).toBe(tenant.id);
    const received = smtp.messages.slice(before);
    expect(received.map((m) => m.subject)).toEqual(["Sent after commit"]);
    const job = await waitFor(async () => {
      const found = await (await queue()).getJobById(mailSendJob.name, jobId);
      return found?.state === "completed" ? found : undefined;
    });
    expect(job.output).toEqual({ outboxId, status: "sent" });
  });

  it("leaves neither an outbox row nor a job when the transaction rolls back", async () => {
    const tenant = await makeTenant();
    let queued: { outboxId: number; jobId: string } | undefined;
    await expect(
      withTenant(tenant.id, async () => {
        queued = await sendMail({ tenantId: tenant.id, to: "teacher@school.example", subject: "Never sent", text: "Body" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await outboxRow(queued!.outboxId)).toBeUndefined();
    expect(await (await queue()).getJobById(mailSendJob.name, queued!.jobId)).toBeNull();
    expect(await rows(ownerDb(), sql`select 1 from mail_outbox where subject = 'Never sent'`)).toHaveLength(0);
  });
});
