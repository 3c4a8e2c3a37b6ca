import { describe, expect, it } from "vitest";
import { GET as me } from "@/app/en/api/v1/login/me/route";
import { GET as openapi } from "@/app/en/api/v1/openapi.json/route";
import { call } from "../support/api";
import { makeAccount, PASSWORD, signIn } from "../support/auth";
import { makeTenant } from "../support/factories";

/** Small answers are also no-transform: Next's compression skips them (gzip costs more than it saves). */
const NEVER_STORED = /^no-store(, no-transform)?$/;

describe("Cache-Control of API answers", () => {
  it("POST /login and GET /login/me, which carry the jwt, are never stored; nor are errors", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    const login = await signIn({ username: user.username, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toMatch(NEVER_STORED);
    const current = await call(me, "GET", "/en/api/v1/login/me", { token: login.body.jwt });
    expect(current.body.jwt).toBe(login.body.jwt);
    expect(current.headers.get("cache-control")).toMatch(NEVER_STORED);
    const refused = await signIn({ username: user.username, password: "Wrong-pass1" });
    expect(refused.headers.get("cache-control")).toBe("no-store, no-transform");
  });

  it("a route's own caching stays (the public OpenAPI document)", async () => {
    expect((await call(openapi, "GET", "/en/api/v1/openapi.json")).headers.get("cache-control")).toBe("public, max-age=300");
  });
});
