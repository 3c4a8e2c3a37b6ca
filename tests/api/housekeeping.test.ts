import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql, type SQL } from "drizzle-orm";
import { db } from "@/db/client";
import { files, mailOutbox } from "@/db/schema";
import { mailSendJob } from "@/lib/platform/mail";
import { queue, sendJob, startWorkers, stopQueue, stopWorkers, type JobContext } from "@/lib/platform/queue";
import { BOSS_SCHEMA } from "@/lib/platform/queue/boss";
import { handlers } from "@/jobs/registry";
import { mailRequeue } from "@/jobs/handlers/mail-requeue";
import { uploadSweep } from "@/jobs/handlers/upload-sweep";
import { POST as createUpload } from "@/app/en/api/v1/system/create-multipart-upload/route";
import { call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { TEST_JOB_ENV, outboxRow, outboxStatus, setEnv, waitFor } from "../support/jobs";
import { useLocalStorage, type StorageUnderTest } from "../support/storage";

setEnv({ ...TEST_JOB_ENV, LOG_LEVEL: "silent" });

const CONTEXT: JobContext = { jobId: "test", attempt: 1, lastAttempt: true };
const SEND_IT = "__pgboss__send-it";

let store: StorageUnderTest;
beforeAll(async () => {
  store = await useLocalStorage();
});
afterEach(async () => {
  await stopWorkers();
});
afterAll(async () => {
  await stopWorkers();
  await store.stop();
});

/** A queued outbox row of the given age with no job, as left when queuing failed after the insert. */
async function strandedRow(ageMinutes: number, values: { status?: typeof mailOutbox.$inferInsert.status; attempts?: number; claimedAt?: SQL } = {}) {
  const [row] = await db()
    .insert(mailOutbox)
    .values({ toAddress: "family@example.org", subject: "Hello", textBody: "Body", createdAt: sql`now() - make_interval(mins => ${ageMinutes})`, ...values })
    .returning();
  return row;
}

async function liveJobsFor(outboxId: number): Promise<number> {
  const { rows } = await (
    await queue()
  )
    .getDb()
    .executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state < 'completed' AND data->>'outboxId' = $2`, [
      mailSendJob.name,
      String(outboxId),
    ]);
  return Number((rows[0] as { n: number }).n);
}

describe("scheduled housekeeping", () => {
  it("is registered with pg-boss's scheduler where workers run, not where jobs are only sent", async () => {
    // A queue no worker has started yet (another test may have): pg-boss's schema made afresh by a send-only start.
    await stopQueue({ graceful: false });
    await db().execute(sql.raw(`drop schema if exists ${BOSS_SCHEMA} cascade`));
    const boss = await queue();
    expect(await boss.getQueue(SEND_IT)).toBeNull();
    await startWorkers(handlers);
    const running = await queue();
    expect(await running.getQueue(SEND_IT)).not.toBeNull();
    const schedules = (await running.getSchedules()).map((s) => ({ name: s.name, cron: s.cron, timezone: (s as typeof s & { timezone?: string }).timezone }));
    expect(schedules).toEqual(
      expect.arrayContaining([
        { name: "mail.requeue", cron: "*/5 * * * *", timezone: "UTC" },
        { name: "storage.abort-stale-uploads", cron: "17 * * * *", timezone: "UTC" },
      ]),
    );
    // Registering again (another worker process, a restart) keeps one schedule per name.
    await stopWorkers();
    await startWorkers(handlers);
    expect((await (await queue()).getSchedules()).filter((s) => s.name === "mail.requeue")).toHaveLength(1);
  });

  it("aborts uploads left unfinished for a day, once", async () => {
    const tenant = await makeTenant();
    const token = await tokenFor(await makeUser(tenant.id, { roles: ["ROLE_ADMIN"] }));
    const created = await call(createUpload, "POST", "/p", { token, body: { fileName: "a.csv", size: 10, purpose: "bulk-load" } });
    const fresh = await call(createUpload, "POST", "/p", { token, body: { fileName: "b.csv", size: 10, purpose: "bulk-load" } });
    await db()
      .update(files)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(files.id, created.body.id));

    expect(await uploadSweep.run({}, CONTEXT)).toEqual({ aborted: 1 });
    const [stale] = await db().select().from(files).where(eq(files.id, created.body.id));
    expect(stale.status).toBe("aborted");
    const [kept] = await db().select().from(files).where(eq(files.id, fresh.body.id));
    expect(kept.status).toBe("uploading");
    expect(await uploadSweep.run({}, CONTEXT)).toEqual({ aborted: 0 });
  });

  it("gives a delivery job to outbox rows left without one, once, and leaves the others alone", async () => {
    const stranded = await strandedRow(10);
    const young = await strandedRow(1);
    const sent = await strandedRow(10, { status: "sent" });
    const claimedLongAgo = await strandedRow(10, { status: "sending", attempts: 6, claimedAt: sql`now() - interval '1 hour'` });
    const withJob = await strandedRow(10);
    await sendJob(mailSendJob, { outboxId: withJob.id, tenantId: null }, { idempotencyKey: `outbox:${withJob.id}` });

    expect(await mailRequeue.run({}, CONTEXT)).toEqual({ requeued: 2 });
    expect(await liveJobsFor(stranded.id)).toBe(1);
    expect(await liveJobsFor(claimedLongAgo.id)).toBe(1);
    expect(await liveJobsFor(young.id)).toBe(0);
    expect(await liveJobsFor(sent.id)).toBe(0);
    expect(await liveJobsFor(withJob.id)).toBe(1);
    expect(await mailRequeue.run({}, CONTEXT)).toEqual({ requeued: 0 });

    await startWorkers(handlers);
    await waitFor(outboxStatus(stranded.id, "kept"), 20_000, "stranded row delivered");
    await waitFor(outboxStatus(claimedLongAgo.id, "kept"), 20_000, "taken-over row delivered");
    expect((await outboxRow(young.id)).status).toBe("queued");
  });
});
