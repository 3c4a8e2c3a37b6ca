import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { apiSecurityHeaders, pageSecurityHeaders } from "@/lib/platform/security-headers";
import { encodeToken, sessionCookieName } from "@/lib/platform/session-token";

const BASE = "http://localhost:3000";
const request = (path: string, cookie?: string) => new NextRequest(new URL(path, BASE), { headers: cookie ? { cookie } : {} });
const nonceOf = (policy: string | null) => policy?.match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1];

/** The value Next reads the nonce from: the CSP header of the request proxy.ts passes on. */
const forwardedRequestHeader = (res: Response, name: string) => res.headers.get(`x-middleware-request-${name}`);

describe("security headers of pages (proxy.ts)", () => {
  it("gives every page answer a CSP with a fresh nonce, and the same nonce to the page's render", async () => {
    const [a, b] = [await proxy(request("/sign-in")), await proxy(request("/sign-in"))];
    const nonce = nonceOf(a.headers.get("content-security-policy"));
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(b.headers.get("content-security-policy"))).not.toBe(nonce);
    expect(forwardedRequestHeader(a, "x-nonce")).toBe(nonce);
    expect(forwardedRequestHeader(a, "content-security-policy")).toBe(a.headers.get("content-security-policy"));
  });

  it("sends the headers on pages passed through, redirects and the sign-in page alike", async () => {
    const token = await encodeToken({ sub: "1", sid: "00000000-0000-0000-0000-000000000001", tid: 1, roles: ["ROLE_TEACHER"] });
    const answers = [
      await proxy(request("/forgot")),
      await proxy(request("/sign-in")),
      await proxy(request("/profile")), // no session: redirect to sign-in
      await proxy(request("/profile", `${sessionCookieName()}=${token}`)),
      await proxy(request("/system", `${sessionCookieName()}=${token}`)), // denied: redirect home
      await proxy(request("/beta")),
    ];
    for (const res of answers) {
      const policy = res.headers.get("content-security-policy") ?? "";
      expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic';/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("same-origin");
      expect(res.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=(), payment=(), usb=()");
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("keeps the sign-in page's CSRF cookie on the request Next renders", async () => {
    const res = await proxy(request("/sign-in"));
    expect(forwardedRequestHeader(res, "cookie")).toMatch(/next-auth\.csrf-token=/);
  });
});

describe("the header values", () => {
  const production = { https: false, development: false };

  it("builds the page CSP: nonce for scripts and styles, nothing inline, nothing from elsewhere", () => {
    expect(pageSecurityHeaders("N0nce", production)["Content-Security-Policy"]).toBe(
      "default-src 'self'; script-src 'self' 'nonce-N0nce' 'strict-dynamic'; style-src 'self' 'nonce-N0nce'; img-src 'self'; " +
        "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it("adds HSTS and upgrade-insecure-requests only for an https address", () => {
    const https = { https: true, development: false };
    expect(pageSecurityHeaders("n", https)["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(pageSecurityHeaders("n", https)["Content-Security-Policy"]).toMatch(/; upgrade-insecure-requests$/);
    expect(apiSecurityHeaders(https)["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(apiSecurityHeaders(production)["Strict-Transport-Security"]).toBeUndefined();
  });

  it("allows next dev its eval and injected styles, in development only", () => {
    const policy = pageSecurityHeaders("n", { https: false, development: true })["Content-Security-Policy"];
    expect(policy).toContain("script-src 'self' 'nonce-n' 'strict-dynamic' 'unsafe-eval'");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(pageSecurityHeaders("n", production)["Content-Security-Policy"]).not.toMatch(/unsafe/);
  });

  it("gives API answers a CSP that loads nothing and is never framed", () => {
    expect(apiSecurityHeaders(production)).toEqual({
      "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "same-origin",
      "X-Frame-Options": "DENY",
    });
  });
});
