import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { GET as status } from "@/app/en/api/v1/system/mail-check/[id]/route";
import { POST as send } from "@/app/en/api/v1/system/mail-check/route";
import { db } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { MESSAGES } from "@/lib/platform/errors";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { handlers } from "@/jobs/registry";
import { call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { TEST_JOB_ENV, setEnv, waitFor } from "../support/jobs";

const PATH = "/en/api/v1/system/mail-check";
const sendAs = (token: string) => call(send, "POST", PATH, { token });
const statusAs = (token: string, id: number | string) => call(status, "GET", `${PATH}/${id}`, { token, params: { id: String(id) } });
const outboxRows = async () => (await db().select({ n: count() }).from(mailOutbox))[0].n;

describe("mail delivery check (POST /system/mail-check, GET /system/mail-check/{id})", () => {
  beforeAll(async () => {
    setEnv({ ...TEST_JOB_ENV, SMTP_URL: undefined });
    await startWorkers(handlers);
  });
  afterAll(async () => {
    await stopWorkers({ graceful: false });
  });

  it("sends a message to the system admin through the queue and shows the outcome", async () => {
    const tenant = await makeTenant();
    const token = await tokenFor(await makeUser(tenant.id, { roles: ["ROLE_SYSTEM_ADMIN"] }));
    const first = await sendAs(token);
    expect(first.status).toBe(200);
    expect(first.body.mailCheck).toMatchObject({ transport: "outbox", sentAt: null });
    const { outboxId } = first.body.mailCheck;
    const done = await waitFor(
      async () => {
        const check = (await statusAs(token, outboxId)).body.mailCheck;
        return check.status === "kept" ? check : undefined;
      },
      20_000,
      "the mail job",
    );
    expect(done.outboxId).toBe(outboxId);
  });

  it("refuses other roles and other tenants' outbox rows, writing nothing", async () => {
    const tenant = await makeTenant();
    const other = await makeTenant();
    const teacher = await tokenFor(await makeUser(tenant.id, { roles: ["ROLE_TEACHER"] }));
    const before = await outboxRows();
    expect(await sendAs(teacher)).toMatchObject({ status: 403, body: { message: MESSAGES[403] } });
    expect(await outboxRows()).toBe(before);

    const adminA = await tokenFor(await makeUser(tenant.id, { roles: ["ROLE_SYSTEM_ADMIN"] }));
    const adminB = await tokenFor(await makeUser(other.id, { roles: ["ROLE_SYSTEM_ADMIN"] }));
    const { outboxId } = (await sendAs(adminA)).body.mailCheck;
    expect((await statusAs(adminB, outboxId)).status).toBe(404);
    expect((await statusAs(adminA, "x")).body).toMatchObject({ errors: [{ field: "id", message: "Message id must be a positive whole number" }] });
  });
});
