import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, authSessions, users } from "@/db/schema";
import { GET as me } from "@/app/en/api/v1/login/me/route";
import { GET as logoutRoute } from "@/app/en/api/v1/logout/route";
import { PUT as putUsers } from "@/app/en/api/v1/users/route";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { decodeToken } from "@/lib/platform/session-token";
import { call } from "../support/api";
import { impersonation, jwtOf, makeAccount, PASSWORD } from "../support/auth";
import { makeTenant } from "../support/factories";

const statusOf = async (token: string, asCookie = false) => (await call(me, "GET", "/en/api/v1/login/me", { token, asCookie })).status;
const sidOf = async (token: string) => (await decodeToken(token))!.sid;
const setFlag = (userId: number, flag: "locked" | "enabled" | "expired", value: boolean) =>
  db()
    .update(users)
    .set({ [flag]: value })
    .where(eq(users.id, userId));

/** The audit rows that name a session, as [action, reason]. */
async function auditOf(tenantId: number, sessionId: string) {
  const rows = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), sql`${auditLog.details}->>'sessionId' = ${sessionId}`))
    .orderBy(auditLog.id);
  return rows.map((r) => [r.action, r.details.reason ?? null]);
}

/** An impersonation whose child session answers, with that session's id. */
async function liveImpersonation() {
  const started = await impersonation();
  expect(await statusOf(started.childJwt)).toBe(200);
  return { ...started, childSid: await sidOf(started.childJwt) };
}

describe("a live session follows the account", () => {
  const cases = [
    { flag: "locked", value: true, reason: "user_locked" },
    { flag: "enabled", value: false, reason: "user_disabled" },
    { flag: "expired", value: true, reason: "user_expired" },
  ] as const;

  for (const { flag, value, reason } of cases) {
    it(`ends at once when the user is ${reason.slice(5)}, as bearer and as cookie, with an audit row`, async () => {
      const tenant = await makeTenant();
      const user = await makeAccount(tenant.id, { roles: ["ROLE_TEACHER"] });
      const jwt = await jwtOf(user);
      expect(await statusOf(jwt)).toBe(200);
      await setFlag(user.id, flag, value);
      const seen = await call(me, "GET", "/en/api/v1/login/me", { token: jwt, headers: { "user-agent": "test-agent", "x-forwarded-for": "10.9.8.7" } });
      expect(seen.status).toBe(401);
      expect(await statusOf(jwt, true)).toBe(401);
      // Undoing the flag does not bring the ended session back.
      await setFlag(user.id, flag, !value);
      expect(await statusOf(jwt)).toBe(401);
      const [session] = await db()
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, await sidOf(jwt)));
      expect(session.revokedAt).not.toBeNull();
      expect(await auditOf(tenant.id, session.id)).toEqual([["session_end", reason]]);
      const [row] = await db()
        .select()
        .from(auditLog)
        .where(sql`${auditLog.details}->>'sessionId' = ${session.id}`);
      expect(row).toMatchObject({ userId: user.id, impersonatorId: null, ipAddress: "10.9.8.7", userAgent: "test-agent" });
    });
  }
});

describe("an impersonation session follows the impersonator", () => {
  const cases = [
    { flag: "locked", value: true, reason: "impersonator_locked" },
    { flag: "enabled", value: false, reason: "impersonator_disabled" },
    { flag: "expired", value: true, reason: "impersonator_expired" },
  ] as const;

  for (const { flag, value, reason } of cases) {
    it(`dies when the impersonator is ${reason.slice(13)}`, async () => {
      const w = await liveImpersonation();
      await setFlag(w.admin.id, flag, value);
      expect(await statusOf(w.childJwt)).toBe(401);
      expect(await auditOf(w.tenant.id, w.childSid)).toEqual([
        ["impersonation_start", null],
        ["impersonation_end", reason],
      ]);
      expect(await statusOf(w.adminJwt)).toBe(401);
    });
  }

  it("dies with the admin's logout, answering 401 to the impersonation token", async () => {
    const w = await liveImpersonation();
    expect((await call(logoutRoute, "GET", "/en/api/v1/logout", { token: w.adminJwt })).status).toBe(200);
    expect(await statusOf(w.childJwt)).toBe(401);
    expect(await statusOf(w.adminJwt)).toBe(401);
    expect(await auditOf(w.tenant.id, w.childSid)).toEqual([
      ["impersonation_start", null],
      ["impersonation_end", "admin_session_ended"],
    ]);
  });

  it("dies when the admin's own session has expired", async () => {
    const w = await liveImpersonation();
    await db()
      .update(authSessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(authSessions.id, await sidOf(w.adminJwt)));
    expect(await statusOf(w.childJwt)).toBe(401);
    expect(await auditOf(w.tenant.id, w.childSid)).toEqual([
      ["impersonation_start", null],
      ["impersonation_end", "admin_session_ended"],
    ]);
  });

  it("dies when the impersonator's credentials change (their other sessions end)", async () => {
    const w = await liveImpersonation();
    const other = await jwtOf(w.admin);
    await revokeUserSessions(w.tenant.id, w.admin.id, await sidOf(other));
    expect(await statusOf(w.childJwt)).toBe(401);
    expect(await statusOf(other)).toBe(200);
    expect(await auditOf(w.tenant.id, w.childSid)).toEqual([
      ["impersonation_start", null],
      ["impersonation_end", "credentials_changed"],
    ]);
  });

  it("dies when the impersonator changes their password from their own session", async () => {
    const w = await liveImpersonation();
    const changed = await call(putUsers, "PUT", "/en/api/v1/users", {
      token: w.adminJwt,
      body: { id: w.admin.id, password: "Changed-pass1", currentPassword: PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect(await statusOf(w.adminJwt)).toBe(200);
    expect(await statusOf(w.childJwt)).toBe(401);
  });
});
