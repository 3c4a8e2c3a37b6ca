import { describe, expect, it } from "vitest";
import { GET as health } from "@/app/en/api/v1/health/route";
import { call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";

describe("GET /health", () => {
  it("answers the public and other signed-in people only its status", async () => {
    expect(await call(health, "GET", "/en/api/v1/health")).toMatchObject({ status: 200, body: { status: "ok" } });
    expect((await call(health, "GET", "/en/api/v1/health")).body).toEqual({ status: "ok" });
    const tenant = await makeTenant();
    for (const roles of [["ROLE_TEACHER"], ["ROLE_ADMIN"], ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"]] as const) {
      const token = await tokenFor(await makeUser(tenant.id, { roles: [...roles] }));
      expect((await call(health, "GET", "/en/api/v1/health", { token })).body).toEqual({ status: "ok" });
    }
  });

  it("shows a system administrator the driver and the queue counts", async () => {
    const tenant = await makeTenant();
    const token = await tokenFor(await makeUser(tenant.id, { roles: ["ROLE_SYSTEM_ADMIN"] }));
    const res = await call(health, "GET", "/en/api/v1/health", { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: { ok: true, detail: expect.stringMatching(/pglite|postgres/) }, queue: { ok: true } });
  });
});
