import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "@/proxy";
import { csrfCookieName, csrfTokenOf, newCsrfCookieValue } from "@/lib/auth/cookies";
import type { Role } from "@/db/schema";
import { encodeToken, sessionCookieName } from "@/lib/platform/session-token";

const BASE = "http://localhost:3000";

function request(path: string, cookies: Record<string, string> = {}) {
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
  return new NextRequest(new URL(path, BASE), { headers: cookie ? { cookie } : {} });
}

const tokenWith = (roles: Role[]) => encodeToken({ sub: "1", sid: "00000000-0000-0000-0000-000000000001", tid: 1, roles });
const signedIn = async (path: string, roles: Role[]) => proxy(request(path, { [sessionCookieName()]: await tokenWith(roles) }));
const location = (res: Response) => res.headers.get("location");
const passes = (res: Response) => res.headers.get("x-middleware-next") === "1";

describe("proxy.ts", () => {
  it("sends a visitor without a session to sign-in with reason bad-session and the way back", async () => {
    const res = await proxy(request("/teacher/dashboard?tab=2"));
    expect(res.status).toBe(307);
    expect(location(res)).toBe(`${BASE}/sign-in?reason=bad-session&callbackUrl=%2Fteacher%2Fdashboard%3Ftab%3D2`);
    expect(location(await proxy(request("/profile", { [sessionCookieName()]: "forged" })))).toContain("/sign-in?reason=bad-session");
    expect(location(await proxy(request("/somewhere-unknown")))).toContain("/sign-in?reason=bad-session");
  });

  it("lets the public pages through without a session", async () => {
    for (const path of ["/", "/forgot", "/reset-password", "/user-registration", "/sign-out"]) expect(passes(await proxy(request(path)))).toBe(true);
  });

  it("guards each area by role and sends the rest home with the denied path", async () => {
    expect(passes(await signedIn("/teacher/dashboard", ["ROLE_TEACHER"]))).toBe(true);
    expect(location(await signedIn("/system/tenants", ["ROLE_TEACHER"]))).toBe(`${BASE}/?denied=%2Fsystem%2Ftenants`);
    expect(location(await signedIn("/administrator", ["ROLE_TEACHER"]))).toBe(`${BASE}/?denied=%2Fadministrator`);
    expect(location(await signedIn("/teacher", ["ROLE_SYSTEM_ADMIN"]))).toBe(`${BASE}/?denied=%2Fteacher`);
    expect(passes(await signedIn("/system", ["ROLE_SYSTEM_ADMIN"]))).toBe(true);
    expect(passes(await signedIn("/administrator/dashboard", ["ROLE_ADMIN"]))).toBe(true);
    for (const path of ["/profile", "/downloads"]) expect(passes(await signedIn(path, []))).toBe(true);
  });

  it("gives the sign-in page a genuine CSRF cookie and keeps a valid one", async () => {
    const fresh = await proxy(request("/sign-in"));
    const set = fresh.headers.get("set-cookie") ?? "";
    expect(set).toContain(`${csrfCookieName()}=`);
    expect(set).toMatch(/HttpOnly/i);
    const value = decodeURIComponent(set.split(";")[0].split("=").slice(1).join("="));
    expect(csrfTokenOf(value)).not.toBeNull();
    const kept = await proxy(request("/sign-in", { [csrfCookieName()]: encodeURIComponent(newCsrfCookieValue()) }));
    expect(kept.headers.get("set-cookie")).toBeNull();
  });

  it("sets and clears the beta and legacy flags, then goes home", async () => {
    const beta = await proxy(request("/beta"));
    expect(location(beta)).toBe(`${BASE}/`);
    expect(beta.headers.get("set-cookie")).toMatch(/^beta=true;/);
    expect((await proxy(request("/legacy"))).headers.get("set-cookie")).toMatch(/^legacy=true;/);
    expect((await proxy(request("/legacy-stop"))).headers.get("set-cookie")).toMatch(/^legacy=;.*Max-Age=0/i);
  });

  it("runs on pages only, not on assets, public files or the APIs", () => {
    const pattern = new RegExp(`^${config.matcher[0]}$`);
    for (const path of ["/", "/teacher/dashboard", "/sign-in"]) expect(pattern.test(path)).toBe(true);
    for (const path of ["/_next/static/chunk.js", "/logos/ohio.svg", "/en/api/v1/login", "/api/auth/csrf", "/favicon.ico"])
      expect(pattern.test(path)).toBe(false);
  });
});
