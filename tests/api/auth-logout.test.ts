import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, authSessions } from "@/db/schema";
import { GET as me } from "@/app/en/api/v1/login/me/route";
import { GET as apiLogout } from "@/app/en/api/v1/logout/route";
import { GET as signOutGet, POST as signOutPost } from "@/app/sign-out/route";
import { decodeToken, sessionCookieName } from "@/lib/platform/session-token";
import { BASE, call } from "../support/api";
import { impersonation, jwtOf, makeAccount } from "../support/auth";
import { makeTenant } from "../support/factories";

const OWN_PAGE = { host: "localhost:3000", origin: BASE };
const alive = async (token: string) => (await call(me, "GET", "/en/api/v1/login/me", { token })).status === 200;
const sidOf = async (token: string) => (await decodeToken(token))!.sid;
const signOut = (token: string | undefined, headers: Record<string, string> = OWN_PAGE) =>
  call(signOutPost, "POST", "/sign-out", { token, asCookie: true, headers });
/** The session cookie a response sets: its value ("" when cleared), or undefined when it leaves it alone. */
const cookieSet = (res: { headers: Headers }) => res.headers.get("set-cookie")?.match(new RegExp(`${sessionCookieName()}=([^;]*)`))?.[1];

async function teacherSession() {
  const tenant = await makeTenant();
  const user = await makeAccount(tenant.id, { roles: ["ROLE_TEACHER"] });
  return { tenant, user, jwt: await jwtOf(user) };
}

describe("GET and HEAD never log a browser out", () => {
  it("GET /sign-out (a link, an <img>, a prefetch) and HEAD leave a live cookie session alone", async () => {
    const { jwt } = await teacherSession();
    for (const method of ["GET", "HEAD"]) {
      for (const path of ["/sign-out", "/sign-out?reason=401"]) {
        const res = await call(signOutGet, method, path, { token: jwt, asCookie: true, headers: { origin: "https://evil.example" } });
        expect(res.status).toBe(303);
        expect(res.headers.get("location")).toBe("/");
        expect(cookieSet(res)).toBeUndefined();
      }
    }
    expect(await alive(jwt)).toBe(true);
  });

  it("GET /sign-out clears a token whose session has ended and arrives at sign-in with reason 401", async () => {
    const { jwt } = await teacherSession();
    await db()
      .update(authSessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(authSessions.id, await sidOf(jwt)));
    const res = await call(signOutGet, "GET", "/sign-out?reason=401", { token: jwt, asCookie: true });
    expect(res.headers.get("location")).toBe("/sign-in?reason=401");
    expect(cookieSet(res)).toBe("");
    const none = await call(signOutGet, "GET", "/sign-out");
    expect(none.headers.get("location")).toBe("/sign-in");
  });

  it("the API's GET /logout refuses a cookie session (405) and still logs a bearer client out", async () => {
    const { jwt } = await teacherSession();
    for (const method of ["GET", "HEAD"]) {
      const res = await call(apiLogout, method, "/en/api/v1/logout", { token: jwt, asCookie: true });
      expect(res.status).toBe(405);
      expect(cookieSet(res)).toBeUndefined();
    }
    expect(await alive(jwt)).toBe(true);
    const bearer = await call(apiLogout, "GET", "/en/api/v1/logout", { token: jwt });
    expect(bearer).toMatchObject({ status: 200, body: { message: "You have been logged out." } });
    expect(await alive(jwt)).toBe(false);
  });
});

describe("POST /sign-out", () => {
  it("from our own page ends the session, clears the cookie and arrives at sign-in", async () => {
    const { jwt } = await teacherSession();
    const res = await signOut(jwt);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/sign-in?reason=logout");
    expect(cookieSet(res)).toBe("");
    expect(await alive(jwt)).toBe(false);
  });

  it("on a state's own host, arrives at sign-in on that host (a Location on another origin is refused by form-action 'self')", async () => {
    for (const page of ["http://maryland.localhost:3999", "http://127.0.0.1:3999"]) {
      const { jwt } = await teacherSession();
      const res = await signOut(jwt, { host: new URL(page).host, origin: page });
      expect(res.status).toBe(303);
      expect(new URL(res.headers.get("location")!, `${page}/teacher/dashboard`).href).toBe(`${page}/sign-in?reason=logout`);
      expect(await alive(jwt)).toBe(false);
    }
    const get = await call(signOutGet, "GET", "/sign-out", { headers: { host: "maryland.localhost:3999" } });
    expect(new URL(get.headers.get("location")!, "http://maryland.localhost:3999/x").href).toBe("http://maryland.localhost:3999/sign-in");
  });

  it("from another site, or with no origin at all, changes nothing (not even the cookie)", async () => {
    const { jwt } = await teacherSession();
    const foreign: Record<string, string>[] = [
      { host: "localhost:3000", origin: "https://evil.example" },
      { host: "localhost:3000", referer: "https://evil.example/page" },
      { host: "localhost:3000" },
    ];
    for (const headers of foreign) {
      for (const token of [jwt, undefined]) {
        const res = await signOut(token, headers);
        expect(res.status).toBe(403);
        expect(cookieSet(res)).toBeUndefined();
      }
    }
    expect(await alive(jwt)).toBe(true);
  });

  it("during an impersonation returns to the admin's own session and dashboard; the impersonation token dies", async () => {
    const w = await impersonation();
    const res = await signOut(w.childJwt);
    expect(res.headers.get("location")).toBe("/administrator/dashboard");
    const restored = cookieSet(res)!;
    expect((await decodeToken(restored))?.sid).toBe(await sidOf(w.adminJwt));
    expect(await alive(w.childJwt)).toBe(false);
    expect(await alive(restored)).toBe(true);
  });

  it("during an impersonation whose admin session ended meanwhile, clears the cookie and arrives with reason 401", async () => {
    const w = await impersonation();
    // The admin's session ends without the lookup having seen it yet (expiry).
    await db()
      .update(authSessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(authSessions.id, await sidOf(w.adminJwt)));
    const res = await signOut(w.childJwt);
    expect(res.headers.get("location")).toBe("/sign-in?reason=401");
    expect(cookieSet(res)).toBe("");
  });

  it("an admin's logout ends the impersonation started from their session, with an audit row", async () => {
    const w = await impersonation();
    const childSid = await sidOf(w.childJwt);
    expect((await signOut(w.adminJwt)).headers.get("location")).toBe("/sign-in?reason=logout");
    const [child] = await db().select().from(authSessions).where(eq(authSessions.id, childSid));
    expect(child.revokedAt).not.toBeNull();
    expect(await alive(w.childJwt)).toBe(false);
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, w.tenant.id), eq(auditLog.action, "impersonation_end"), sql`${auditLog.details}->>'sessionId' = ${childSid}`));
    expect(row).toMatchObject({ userId: w.teacher.id, impersonatorId: w.admin.id, details: { reason: "admin_session_ended" } });
  });
});
