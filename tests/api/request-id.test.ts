import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog } from "@/db/schema";
import { POST } from "@/app/en/api/v1/announcements/route";
import { originOf } from "@/lib/platform/audit";
import { requestIdOf } from "@/lib/platform/request";
import { call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";

/*
 * X-Request-Id is echoed, logged and stored in audit_log.request_id: a client's id is kept only when
 * it is short and plain (at most 64 of A-Z a-z 0-9 . _ -); anything else gets a fresh UUID.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY = 86_400;

let admin: string;
let tenantId: number;

beforeAll(async () => {
  const tenant = await makeTenant();
  tenantId = tenant.id;
  admin = await tokenFor(await makeUser(tenant.id, { roles: ["ROLE_ADMIN"] }));
});

/** An audited change (an announcement) sent with the given X-Request-Id: the echoed id and the audit row's. */
async function createWith(requestId: string) {
  const now = Math.floor(Date.now() / 1000);
  const res = await call(POST, "POST", "/en/api/v1/announcements", {
    token: admin,
    headers: { "x-request-id": requestId },
    body: { title: "Request id", text: "text", startDate: now + DAY, endDate: now + 2 * DAY },
  });
  expect(res.status).toBe(201);
  const [row] = await db()
    .select({ requestId: auditLog.requestId })
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.entityType, "announcement"), eq(auditLog.entityId, res.body.announcement.id)));
  return { echoed: res.headers.get("x-request-id"), stored: row.requestId };
}

describe("X-Request-Id", () => {
  it("keeps a short plain id: echoed and stored as sent", async () => {
    expect(await createWith("client-42.retry_1")).toEqual({ echoed: "client-42.retry_1", stored: "client-42.retry_1" });
    const longest = "a".repeat(64);
    expect(await createWith(longest)).toEqual({ echoed: longest, stored: longest });
  });

  it("replaces a 10 KB id with a fresh one: the echoed header and the audit row hold the same UUID", async () => {
    const { echoed, stored } = await createWith("x".repeat(10_240));
    expect(echoed).toMatch(UUID);
    expect(stored).toBe(echoed);
  });

  it("replaces an id with control characters or anything but letters, digits, dots, underscores and dashes", async () => {
    for (const sent of ["abc\u001b[31mred", "a\tb", "a\u0001b", "a b", "caf\u00e9", "a".repeat(65), "x;drop"]) {
      const { echoed, stored } = await createWith(sent);
      expect(echoed, JSON.stringify(sent)).toMatch(UUID);
      expect(stored, JSON.stringify(sent)).toBe(echoed);
    }
  });

  it("applies the same rule to page renders (originOf without an id of the route's)", () => {
    expect(originOf({ headers: new Headers({ "x-request-id": "page-1" }) }).requestId).toBe("page-1");
    expect(originOf({ headers: new Headers({ "x-request-id": "y".repeat(10_240) }) }).requestId).toMatch(UUID);
    expect(requestIdOf(new Headers())).toMatch(UUID);
    expect(requestIdOf(new Headers({ "x-request-id": "" }))).toMatch(UUID);
  });
});
