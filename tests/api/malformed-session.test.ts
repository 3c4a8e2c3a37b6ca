import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as health } from "@/app/en/api/v1/health/route";
import { GET as me } from "@/app/en/api/v1/login/me/route";
import { GET as tenantSearch } from "@/app/en/api/v1/tenant_search/[tenant]/route";
import { actorFromHeaders } from "@/lib/platform/actor";
import { sessionCookieName } from "@/lib/platform/session-token";
import { proxy } from "@/proxy";
import { call } from "../support/api";

const MALFORMED = ["%", "%E0%A4%A", "abc%zz"];

describe("a malformed session cookie or bearer token is no session", () => {
  it("public routes answer as to a visitor, signed-in routes 401, never 500", async () => {
    for (const value of MALFORMED) {
      const headers = { cookie: `other=1; ${sessionCookieName()}=${value}` };
      expect((await call(health, "GET", "/en/api/v1/health", { headers })).status).toBe(200);
      expect((await call(tenantSearch, "GET", "/en/api/v1/tenant_search/ohio", { headers, params: { tenant: "ohio" } })).status).toBe(200);
      expect(await call(me, "GET", "/en/api/v1/login/me", { headers })).toMatchObject({ status: 401, body: { message: "Authorization Error" } });
    }
    for (const token of ["%", "a.b.c", "\u00ff"]) {
      expect((await call(me, "GET", "/en/api/v1/login/me", { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    }
  });

  it("pages (the sign-in page reads the actor) and the request gate see no one", async () => {
    expect(await actorFromHeaders(new Headers({ cookie: `${sessionCookieName()}=%` }))).toBeNull();
    const gate = await proxy(new NextRequest("http://localhost:3000/profile", { headers: { cookie: `${sessionCookieName()}=%` } }));
    expect(gate.headers.get("location")).toContain("/sign-in?reason=bad-session");
    const signIn = await proxy(new NextRequest("http://localhost:3000/sign-in", { headers: { cookie: `${sessionCookieName()}=%` } }));
    expect(signIn.status).toBe(200);
  });
});
