import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiRoute, publicRoute } from "@/lib/platform/api";
import { AppError } from "@/lib/platform/errors";
import { GET as health } from "@/app/en/api/v1/health/route";
import { GET as unknownApi } from "@/app/en/api/v1/[...path]/route";
import { call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";

const echo = apiRoute(
  { permission: "area.administrator", body: z.object({ name: z.string({ error: "Name is required" }).min(1, "Name is required") }) },
  async ({ body, actor }) => ({ name: body.name, tenantId: actor.tenantId }),
);

describe("API wrapper", () => {
  it("answers health with the database state", async () => {
    const res = await call(health, "GET", "/en/api/v1/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
    expect(res.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await call(unknownApi, "GET", "/en/api/v1/nope", { params: { path: ["nope"] } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "The requested API path does not exist" });
  });

  it("refuses a request without a token with 401 'Authorization Error'", async () => {
    const res = await call(echo, "POST", "/en/api/v1/echo", { body: { name: "x" } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Authorization Error" });
  });

  it("refuses a garbage token with 401", async () => {
    const res = await call(echo, "POST", "/en/api/v1/echo", { body: { name: "x" }, token: "not-a-jwt" });
    expect(res.status).toBe(401);
  });

  it("refuses the wrong role with 403 and the spec's text", async () => {
    const tenant = await makeTenant();
    const teacher = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"] });
    const res = await call(echo, "POST", "/en/api/v1/echo", { body: { name: "x" }, token: await tokenFor(teacher) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "Token does not have the required permissions" });
  });

  it("returns field errors for bad input and 400 for malformed JSON", async () => {
    const tenant = await makeTenant();
    const admin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN"] });
    const token = await tokenFor(admin);
    const empty = await call(echo, "POST", "/en/api/v1/echo", { body: {}, token });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: "Name is required", errors: [{ field: "name", message: "Name is required" }] });
    const malformed = await call(echo, "POST", "/en/api/v1/echo", { rawBody: "{nope", token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("Request body is not valid JSON");
    const ok = await call(echo, "POST", "/en/api/v1/echo", { body: { name: "A" }, token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ name: "A", tenantId: tenant.id });
  });

  it("checks Origin on cookie-authenticated changes but not on bearer ones", async () => {
    const tenant = await makeTenant();
    const admin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN"] });
    const token = await tokenFor(admin);
    const crossSite = await call(echo, "POST", "/en/api/v1/echo", {
      body: { name: "A" },
      token,
      asCookie: true,
      headers: { host: "localhost:3000", origin: "http://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await call(echo, "POST", "/en/api/v1/echo", {
      body: { name: "A" },
      token,
      asCookie: true,
      headers: { host: "localhost:3000", origin: "http://localhost:3000" },
    });
    expect(sameSite.status).toBe(200);
  });

  it("hides internal errors behind the 500 text", async () => {
    const boom = publicRoute({}, async () => {
      throw new Error("select * from secret_table failed");
    });
    const res = await call(boom, "GET", "/en/api/v1/boom");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      message: "Unable to complete your request. If you believe this message to be in error contact your system administrator",
    });
    const typed = publicRoute({}, async () => {
      throw new AppError(409, "The request couldn't be completed due to a conflicting resource call");
    });
    expect((await call(typed, "GET", "/x")).status).toBe(409);
  });
});
