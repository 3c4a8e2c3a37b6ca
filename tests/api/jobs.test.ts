import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ZodError } from "zod";
import { database, rows } from "@/db/client";
import { mailSendJob, sendMail } from "@/lib/platform/mail";
import { queue, sendJob, startWorkers, stopWorkers } from "@/lib/platform/queue";
import { handlers } from "@/jobs/registry";
import { GET as health } from "@/app/en/api/v1/health/route";
import { call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { TEST_JOB_ENV, killWorkers, logLines, outboxRow, outboxStatus, setEnv, spawnWorker, waitFor } from "../support/jobs";

setEnv(TEST_JOB_ENV);

/** Health shows the queue to system administrators only. */
async function healthAsSystemAdmin() {
  const tenant = await makeTenant();
  const token = await tokenFor(await makeUser(tenant.id, { roles: ["ROLE_SYSTEM_ADMIN"] }));
  return call(health, "GET", "/en/api/v1/health", { token });
}

/** Set when the file runs on PostgreSQL: only then can a worker run as its own process. */
const url = process.env.TEST_DATABASE_URL ? process.env.DATABASE_URL! : null;

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterEach(async () => {
  killWorkers();
  await stopWorkers();
  setEnv({ SMTP_URL: undefined });
  smtp.answerDelayMs = 0;
});

afterAll(async () => {
  await stopWorkers();
  await smtp.close();
});

async function jobState(jobId: string) {
  return (await queue()).getJobById(mailSendJob.name, jobId);
}

const jobIn = (jobId: string, state: string) => async () => {
  const job = await jobState(jobId);
  return job?.state === state ? job : undefined;
};

describe("job runtime", () => {
  it("runs a job sent through the queue once and keeps its result", async () => {
    await startWorkers(handlers);
    const { outboxId, jobId } = await sendMail({ to: "someone@school.example", subject: "Welcome", text: "Hello" });
    const job = await waitFor(jobIn(jobId, "completed"), 20_000, "completed job");
    expect(job.output).toEqual({ outboxId, status: "kept" });
    expect(job.retryCount).toBe(0);
    expect((await outboxRow(outboxId)).status).toBe("kept");
    expect((await outboxRow(outboxId)).attempts).toBe(1);
  });

  it("fails a job with an invalid payload at once, without retries", async () => {
    await startWorkers(handlers);
    const boss = await queue();
    const jobId = (await boss.send(mailSendJob.name, { outboxId: "seven" }))!;
    const job = await waitFor(jobIn(jobId, "failed"), 20_000, "failed job");
    expect(job.retryCount).toBe(0);
    expect(job.output).toEqual({ message: "invalid payload (outboxId, tenantId)" });
  });

  it("refuses a bad payload at send time and queues nothing", async () => {
    const boss = await queue();
    const before = await boss.getQueueSize(mailSendJob.name, { before: "completed" });
    // @ts-expect-error wrong type on purpose
    await expect(sendJob(mailSendJob, { outboxId: "x", tenantId: null })).rejects.toBeInstanceOf(ZodError);
    await expect(sendJob(mailSendJob, { outboxId: -1, tenantId: null })).rejects.toBeInstanceOf(ZodError);
    expect(await boss.getQueueSize(mailSendJob.name, { before: "completed" })).toBe(before);
  });

  it("adds one job for one idempotency key", async () => {
    const first = await sendJob(mailSendJob, { outboxId: 999_999, tenantId: null }, { idempotencyKey: "outbox:999999" });
    const second = await sendJob(mailSendJob, { outboxId: 999_999, tenantId: null }, { idempotencyKey: "outbox:999999" });
    expect(second).toBe(first);
    const [{ n }] = await rows<{ n: number }>(database().db, sql`select count(*)::int as n from pgboss.job where data->>'outboxId' = '999999'`);
    expect(n).toBe(1);
  });

  it("answers health with the database and the queue", async () => {
    await sendJob(mailSendJob, { outboxId: 999_998, tenantId: null }); // waits: no workers run
    const res = await healthAsSystemAdmin();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: { ok: true }, queue: { ok: true } });
    expect(res.body.queue.queued).toBeGreaterThanOrEqual(1);
    expect(res.body.queue.active).toBe(0);
  });

  it("refuses to start a worker process without DATABASE_URL", async () => {
    const worker = spawnWorker({ DATABASE_URL: undefined });
    const { code } = await worker.exited;
    expect(code).toBe(1);
    expect(worker.output()).toContain("npm run worker needs DATABASE_URL");
  });

  it("leaves exactly one result when the worker dies mid-job and another takes over", async () => {
    setEnv({ SMTP_URL: smtp.url });
    smtp.holdNext(); // the first attempt's DATA is never answered: the kill lands mid-send
    const before = smtp.messages.length;
    const { outboxId, jobId } = await sendMail({ to: "kill@school.example", subject: "Kill test", text: "Body" });

    if (url) {
      // PostgreSQL: a real worker process, SIGKILLed while its SMTP send is in flight.
      const first = spawnWorker({ DATABASE_URL: url, SMTP_URL: smtp.url });
      await smtp.waitForData(smtp.dataStarted() + 1);
      first.child.kill("SIGKILL");
      expect((await first.exited).signal).toBe("SIGKILL");
      expect((await outboxRow(outboxId)).status).toBe("sending"); // the dead claim stays until its lease runs out

      const second = spawnWorker({ DATABASE_URL: url, SMTP_URL: smtp.url });
      try {
        await waitFor(outboxStatus(outboxId, "sent"), 60_000, "sent row");
      } finally {
        second.child.kill("SIGTERM");
        expect((await second.exited).code).toBe(0);
      }
      const lines = logLines(second.output()).filter((l) => l.msg === "job" && l.id === jobId);
      expect(lines.at(-1)).toMatchObject({ kind: "mail.send", outcome: "completed" });
      expect(second.output()).not.toContain("kill@");
    } else {
      // PGlite serves this process only: the same run in-process. An abrupt stop hands the job back,
      // the dropped connection ends the first send as a dying process would, a new instance retries.
      await startWorkers(handlers);
      await smtp.waitForData(smtp.dataStarted() + 1);
      await stopWorkers({ graceful: false });
      smtp.dropConnections();
      await waitFor(outboxStatus(outboxId, "queued"), 20_000, "row handed back");
      await startWorkers(handlers);
      await waitFor(outboxStatus(outboxId, "sent"), 30_000, "sent row");
    }

    await waitFor(jobIn(jobId, "completed"), 20_000, "completed job");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const received = smtp.messages.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ subject: "Kill test", to: ["kill@school.example"] });
    const row = await outboxRow(outboxId);
    expect(row).toMatchObject({ status: "sent", attempts: 2, transportMessageId: received[0].messageId });
  }, 120_000);

  it("lets the active job finish on SIGTERM before the worker exits 0", async () => {
    setEnv({ SMTP_URL: smtp.url });
    smtp.answerDelayMs = 1500; // the send is still in flight when the stop arrives
    const before = smtp.messages.length;
    const { outboxId, jobId } = await sendMail({ to: "term@school.example", subject: "Term test", text: "Body" });

    if (url) {
      const worker = spawnWorker({ DATABASE_URL: url, SMTP_URL: smtp.url });
      await smtp.waitForData(smtp.dataStarted() + 1);
      worker.child.kill("SIGTERM");
      expect(await worker.exited).toEqual({ code: 0, signal: null });
      expect(logLines(worker.output()).find((l) => l.msg === "job" && l.id === jobId)).toMatchObject({ outcome: "completed" });
    } else {
      await startWorkers(handlers);
      await smtp.waitForData(smtp.dataStarted() + 1);
      await stopWorkers({ graceful: true });
    }

    // Settled before the stop returned: nothing left to wait for.
    expect((await outboxRow(outboxId)).status).toBe("sent");
    expect((await jobState(jobId))?.state).toBe("completed");
    expect(smtp.messages.slice(before)).toHaveLength(1);
  }, 60_000);

  it("answers health 503 when the queue is unusable", async () => {
    await queue();
    await database().db.execute(sql`alter schema pgboss rename to pgboss_gone`);
    try {
      const res = await healthAsSystemAdmin();
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: "degraded", database: { ok: true }, queue: { ok: false, detail: "unreachable" } });
    } finally {
      await database().db.execute(sql`alter schema pgboss_gone rename to pgboss`);
    }
  });
});
