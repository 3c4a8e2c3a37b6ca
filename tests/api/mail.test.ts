import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ZodError } from "zod";
import { db } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { deliverOutboxMail, mailLeaseSeconds, mailSendJob, sendMail } from "@/lib/platform/mail";
import { PermanentJobError, RetryableJobError, queue, startWorkers, stopWorkers } from "@/lib/platform/queue";
import { handlers } from "@/jobs/registry";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { TEST_JOB_ENV, outboxRow, outboxStatus, setEnv, waitFor } from "../support/jobs";
import { makeTenant } from "../support/factories";

setEnv(TEST_JOB_ENV);

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterEach(async () => {
  await stopWorkers();
  setEnv({ SMTP_URL: undefined, LOG_LEVEL: "silent" });
  smtp.answerDelayMs = 0;
});

afterAll(async () => {
  await stopWorkers();
  await smtp.close();
});

/** A queued outbox row written directly, for driving one delivery by hand (no job). */
async function queuedRow(tenantId: number | null, to = "family@example.org", textBody = "Body") {
  const [row] = await db().insert(mailOutbox).values({ tenantId, toAddress: to, subject: "Direct", textBody }).returning();
  return row;
}

const LINK = "http://localhost:3000/reset-password?token=abc123XYZ";
const LINK_TEXT = `Hello,\n\n${LINK}\n\nThe link works once.\n`;
const LINK_HTML = `<p><a href="${LINK}">Reset your password</a></p>`;

describe("mail", () => {
  it("delivers over SMTP once and marks the outbox row sent", async () => {
    const tenant = await makeTenant();
    setEnv({ SMTP_URL: smtp.url });
    await startWorkers(handlers);
    const before = smtp.messages.length;
    const { outboxId, jobId } = await sendMail({
      tenantId: tenant.id,
      to: "teacher@school.example",
      subject: "Your sign-in link",
      text: LINK_TEXT,
      html: LINK_HTML,
    });

    const row = await waitFor(outboxStatus(outboxId, "sent"), 20_000, "sent row");
    const received = smtp.messages.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0].subject).toBe("Your sign-in link");
    expect(received[0].to).toEqual(["teacher@school.example"]);
    expect(received[0].from).toBe("no-reply@assessment.local");
    expect(received[0].raw).toContain("token=abc123XYZ");
    expect(row.transportMessageId).toBe(received[0].messageId);
    // The SMTP server got the link; the stored copy no longer holds it.
    expect(row).toMatchObject({ subject: "Your sign-in link", toAddress: "teacher@school.example", status: "sent" });
    expect(row.textBody).toBe("Hello,\n\n[link removed after delivery]\n\nThe link works once.\n");
    expect(row.htmlBody).toBe('<p><a href="[link removed after delivery]">Reset your password</a></p>');
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeInstanceOf(Date);

    const job = await waitFor(async () => {
      const found = await (await queue()).getJobById(mailSendJob.name, jobId);
      return found?.state === "completed" ? found : undefined;
    });
    expect(job.output).toEqual({ outboxId, status: "sent" });
    // A later look finds no second delivery.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(smtp.messages.slice(before)).toHaveLength(1);
    expect((await outboxRow(outboxId)).attempts).toBe(1);
  });

  it("keeps the mail in the outbox without SMTP_URL and logs no body or local part", async () => {
    setEnv({ LOG_LEVEL: "info" });
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      await startWorkers(handlers);
      const before = smtp.dataStarted();
      const { outboxId } = await sendMail({ to: "parent.name@family.example", subject: "Reset your password", text: LINK_TEXT, html: LINK_HTML });
      const row = await waitFor(outboxStatus(outboxId, "kept"), 20_000, "kept row");
      expect(row.attempts).toBe(1);
      expect(row.textBody).not.toContain("abc123XYZ");
      expect(row.htmlBody).not.toContain("abc123XYZ");
      expect(row.textBody).toContain("[link removed after delivery]");
      expect(smtp.dataStarted()).toBe(before);
      const logged = lines.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
      const kept = logged.find((l) => l.msg === "mail kept in outbox");
      expect(kept).toMatchObject({ outboxId, toDomain: "family.example", subject: "Reset your password" });
      const jobLine = logged.find((l) => l.msg === "job" && l.kind === "mail.send");
      expect(jobLine).toMatchObject({ outcome: "completed", attempt: 1 });
      expect(typeof jobLine.ms).toBe("number");
      const all = lines.join("");
      expect(all).not.toContain("abc123XYZ");
      expect(all).not.toContain("parent.name");
    } finally {
      spy.mockRestore();
    }
  });

  it("prints a kept mail once on a developer's machine, then keeps only the redacted copy", async () => {
    setEnv({ NODE_ENV: "development", LOG_LEVEL: "silent" });
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const row = await queuedRow(null, "dev@school.example", LINK_TEXT);
      expect(await deliverOutboxMail({ outboxId: row.id, tenantId: null })).toEqual({ outboxId: row.id, status: "kept" });
      expect(await deliverOutboxMail({ outboxId: row.id, tenantId: null })).toMatchObject({ duplicate: true });
      expect(lines.filter((l) => l.includes("token=abc123XYZ"))).toHaveLength(1);
      expect((await outboxRow(row.id)).textBody).not.toContain("abc123XYZ");
    } finally {
      spy.mockRestore();
      setEnv({ NODE_ENV: "test" });
    }
  });

  it("refuses bad input and writes nothing", async () => {
    const [{ n: before }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox);
    await expect(sendMail({ to: "not-an-address", subject: "x", text: "y" })).rejects.toBeInstanceOf(ZodError);
    await expect(sendMail({ to: "a@b.example", subject: "", text: "y" })).rejects.toBeInstanceOf(ZodError);
    await expect(sendMail({ to: "a@b.example", subject: "x", text: "y".repeat(1_000_001) })).rejects.toBeInstanceOf(ZodError);
    // @ts-expect-error wrong type on purpose
    await expect(sendMail({ to: 42, subject: "x", text: "y" })).rejects.toBeInstanceOf(ZodError);
    const [{ n: after }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox);
    expect(after).toBe(before);
  });

  it("sends a row once when two deliveries of the same job race", async () => {
    setEnv({ SMTP_URL: smtp.url });
    smtp.answerDelayMs = 300;
    const row = await queuedRow(null);
    const before = smtp.messages.length;
    const results = await Promise.allSettled([
      deliverOutboxMail({ outboxId: row.id, tenantId: null }),
      deliverOutboxMail({ outboxId: row.id, tenantId: null }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(RetryableJobError);
    expect(smtp.messages.slice(before)).toHaveLength(1);
    // A delivery after it was sent does nothing.
    expect(await deliverOutboxMail({ outboxId: row.id, tenantId: null })).toEqual({ outboxId: row.id, status: "sent", duplicate: true });
    expect(smtp.messages.slice(before)).toHaveLength(1);
    expect((await outboxRow(row.id)).attempts).toBe(1);
  });

  it("takes over a claim whose lease ran out, never a live one", async () => {
    setEnv({ SMTP_URL: smtp.url });
    const row = await queuedRow(null);
    await db()
      .update(mailOutbox)
      .set({ status: "sending", attempts: 1, claimedAt: sql`now()` })
      .where(eq(mailOutbox.id, row.id));
    const before = smtp.messages.length;
    await expect(deliverOutboxMail({ outboxId: row.id, tenantId: null })).rejects.toBeInstanceOf(RetryableJobError);
    expect(smtp.messages.length).toBe(before);

    await db()
      .update(mailOutbox)
      .set({ claimedAt: sql`now() - make_interval(secs => ${mailLeaseSeconds() + 1})` })
      .where(eq(mailOutbox.id, row.id));
    expect(await deliverOutboxMail({ outboxId: row.id, tenantId: null })).toEqual({ outboxId: row.id, status: "sent" });
    expect(smtp.messages.slice(before)).toHaveLength(1);
    expect((await outboxRow(row.id)).attempts).toBe(2);
  });

  it("does not deliver another tenant's row and fails that job permanently", async () => {
    const mine = await makeTenant();
    const other = await makeTenant();
    const row = await queuedRow(mine.id);
    await expect(deliverOutboxMail({ outboxId: row.id, tenantId: other.id })).rejects.toBeInstanceOf(PermanentJobError);
    await expect(deliverOutboxMail({ outboxId: row.id, tenantId: null })).rejects.toBeInstanceOf(PermanentJobError);
    expect((await outboxRow(row.id)).status).toBe("queued");
  });

  it("marks a mail the SMTP server refuses as failed, without retries", async () => {
    const refusing = await startSmtpServer({ refuse: /^nobody@/ });
    try {
      setEnv({ SMTP_URL: refusing.url });
      await startWorkers(handlers);
      const { outboxId, jobId } = await sendMail({ to: "nobody@school.example", subject: "Hello", text: LINK_TEXT });
      const row = await waitFor(outboxStatus(outboxId, "failed"), 20_000, "failed row");
      expect(row.error).toContain("550");
      expect(row.textBody).not.toContain("abc123XYZ");
      const job = await waitFor(async () => {
        const found = await (await queue()).getJobById(mailSendJob.name, jobId);
        return found?.state === "failed" ? found : undefined;
      });
      expect(job.retryCount).toBe(0);
      expect(refusing.messages).toHaveLength(0);
    } finally {
      await stopWorkers();
      await refusing.close();
    }
  });
});
