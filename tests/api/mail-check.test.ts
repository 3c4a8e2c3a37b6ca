import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { db } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { actorForSession } from "@/lib/platform/actor";
import { decodeToken } from "@/lib/platform/session-token";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { handlers } from "@/jobs/registry";
import { mailCheckStatus, sendTestMail } from "@/lib/system/mail-check";
import { tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { TEST_JOB_ENV, setEnv, waitFor } from "../support/jobs";

async function actorOf(user: { id: number; tenantId: number }) {
  const claims = await decodeToken(await tokenFor(user));
  return (await actorForSession(claims!, "internal"))!;
}

describe("mail delivery check", () => {
  beforeAll(async () => {
    setEnv({ ...TEST_JOB_ENV, SMTP_URL: undefined });
    await startWorkers(handlers);
  });
  afterAll(async () => {
    await stopWorkers({ graceful: false });
  });

  it("sends a message to the system admin through the queue and shows the outcome", async () => {
    const tenant = await makeTenant();
    const admin = await makeUser(tenant.id, { roles: ["ROLE_SYSTEM_ADMIN"] });
    const actor = await actorOf(admin);
    const first = await sendTestMail(actor);
    expect(first.transport).toBe("outbox");
    const done = await waitFor(
      async () => {
        const check = await mailCheckStatus(actor, first.outboxId);
        return check.status === "kept" ? check : undefined;
      },
      20_000,
      "the mail job",
    );
    expect(done.outboxId).toBe(first.outboxId);
  });

  it("refuses other roles and other tenants' outbox rows, writing nothing", async () => {
    const tenant = await makeTenant();
    const other = await makeTenant();
    const teacher = await actorOf(await makeUser(tenant.id, { roles: ["ROLE_TEACHER"] }));
    const [{ before }] = await db().select({ before: count() }).from(mailOutbox);
    await expect(sendTestMail(teacher)).rejects.toMatchObject({ status: 403 });
    const [{ after }] = await db().select({ after: count() }).from(mailOutbox);
    expect(after).toBe(before);

    const adminA = await actorOf(await makeUser(tenant.id, { roles: ["ROLE_SYSTEM_ADMIN"] }));
    const adminB = await actorOf(await makeUser(other.id, { roles: ["ROLE_SYSTEM_ADMIN"] }));
    const { outboxId } = await sendTestMail(adminA);
    await expect(mailCheckStatus(adminB, outboxId)).rejects.toMatchObject({ status: 404 });
  });
});
