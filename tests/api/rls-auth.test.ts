import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db, requireTenantContext, rows } from "@/db/client";
import { auditLog, authSessions, users } from "@/db/schema";
import { POST as forgot } from "@/app/en/api/v1/forgot-password/email/route";
import { POST as reset } from "@/app/en/api/v1/forgot-password/reset/route";
import { POST as impersonate } from "@/app/en/api/v1/login/impersonate/route";
import { GET as me } from "@/app/en/api/v1/login/me/route";
import { GET as logoutRoute } from "@/app/en/api/v1/logout/route";
import { POST as endImpersonation } from "@/app/en/api/v1/logout/impersonate/route";
import { POST as invite } from "@/app/en/api/v1/users/[id]/registration-invite/route";
import { PUT as putUsers } from "@/app/en/api/v1/users/route";
import { switchActiveRole } from "@/lib/auth/account";
import { ownProfile } from "@/lib/auth/profile";
import { mailPasswordResetLinks } from "@/lib/auth/recovery";
import { actorForSession } from "@/lib/platform/actor";
import { stopWorkers } from "@/lib/platform/queue";
import { mailSendJob } from "@/lib/platform/mail";
import { decodeToken } from "@/lib/platform/session-token";
import { call } from "../support/api";
import { linkToken, mailsTo, makeAccount, PASSWORD, signIn } from "../support/auth";
import { makeTenant } from "../support/factories";
import { setEnv, TEST_JOB_ENV } from "../support/jobs";

setEnv(TEST_JOB_ENV);

/**
 * The auth write paths run under a binding (forTenant / withTenant) or the named system path: with
 * requireTenantContext() on, a db() outside both throws. Fixtures and checks run with it off.
 */
async function bound<T>(fn: () => Promise<T>): Promise<T> {
  requireTenantContext(true);
  try {
    return await fn();
  } finally {
    requireTenantContext(false);
  }
}

afterEach(async () => {
  requireTenantContext(false);
  await stopWorkers();
});

let ipSeq = 0;
const ip = () => `10.77.0.${++ipSeq}`;
const headers = { "x-forwarded-for": "10.77.1.1", "user-agent": "vitest" };
const sessionRow = async (jwt: string) => {
  const claims = (await decodeToken(jwt))!;
  return (await db().select().from(authSessions).where(eq(authSessions.id, claims.sid)))[0];
};

describe("auth under the database's tenancy, db() outside a context refused", () => {
  it("signs in (and refuses a wrong password), reads /login/me, switches role, changes the email and logs out", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id, { roles: ["ROLE_TEACHER", "ROLE_ADMIN"], email: "own.address@school.example" });

    const { wrong, jwt, profile, switched, changed, out } = await bound(async () => {
      const wrong = await signIn({ username: user.username, password: "Wrong-pass1" }, { ip: ip() });
      const signedIn = await signIn({ username: user.username, password: PASSWORD }, { ip: ip() });
      const jwt = signedIn.body.jwt as string;
      const profile = await call(me, "GET", "/en/api/v1/login/me", { token: jwt });
      const actor = (await actorForSession((await decodeToken(jwt))!, "bearer"))!;
      const switched = await switchActiveRole(actor, { role: "ROLE_TEACHER" });
      const changed = await call(putUsers, "PUT", "/en/api/v1/users", {
        token: jwt,
        headers,
        body: { id: user.id, email: "new.address@school.example", currentPassword: PASSWORD },
      });
      const out = await call(logoutRoute, "GET", "/en/api/v1/logout", { token: jwt });
      return { wrong, jwt, profile, switched, changed, out };
    });

    expect(wrong.status).toBe(401);
    expect(profile).toMatchObject({ status: 200, body: { profileData: { id: user.id, tenantId: tenant.id, activeRole: "ROLE_ADMIN" } } });
    expect(switched).toMatchObject({ activeRole: "ROLE_TEACHER" });
    expect(changed).toMatchObject({ status: 200, body: { profileData: { email: "new.address@school.example", activeRole: "ROLE_TEACHER" } } });
    expect(out.status).toBe(200);
    expect((await sessionRow(jwt)).revokedAt).toBeInstanceOf(Date);
    const [notice] = await mailsTo("own.address@school.example");
    expect(notice.tenantId).toBe(tenant.id);
    const jobs = await rows(db(), sql`select 1 from pgboss.job where name = ${mailSendJob.name} and data->>'outboxId' = ${String(notice.id)}`);
    expect(jobs).toHaveLength(1);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, "email_change")));
    expect(audited).toHaveLength(1);
  });

  it("starts and ends an impersonation, and reads the own profile", async () => {
    const tenant = await makeTenant();
    const admin = await makeAccount(tenant.id, { roles: ["ROLE_TENANT_ADMIN"] });
    const user = await makeAccount(tenant.id, { roles: ["ROLE_TEACHER"] });
    const adminJwt = (await signIn({ username: admin.username, password: PASSWORD }, { ip: ip() })).body.jwt as string;

    const { started, ended, own } = await bound(async () => {
      const started = await call(impersonate, "POST", "/en/api/v1/login/impersonate", { token: adminJwt, body: { userIdToImpersonate: user.id } });
      const ended = await call(endImpersonation, "POST", "/en/api/v1/logout/impersonate", { token: started.body.jwt });
      const own = await ownProfile((await actorForSession((await decodeToken(adminJwt))!, "bearer"))!);
      return { started, ended, own };
    });

    expect(started).toMatchObject({ status: 200, body: { impersonated: true, profileData: { id: user.id } } });
    expect(ended).toMatchObject({ status: 200, body: { impersonated: false, profileData: { id: admin.id } } });
    expect(own).toMatchObject({ id: admin.id, tenantId: tenant.id });
    expect((await sessionRow(started.body.jwt as string)).revokedAt).toBeInstanceOf(Date);
    const actions = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.impersonatorId, admin.id));
    expect(actions.map((a) => a.action).sort()).toEqual(["impersonation_end", "impersonation_start"]);
  });

  it("asks for a reset link, mails it from the job, sets the new password; sends a registration invite", async () => {
    const tenant = await makeTenant();
    const admin = await makeAccount(tenant.id, { roles: ["ROLE_TENANT_ADMIN"] });
    const person = await makeAccount(tenant.id, { roles: ["ROLE_TEACHER"], email: "forgetful@school.example" });
    const invited = await makeAccount(tenant.id, { roles: ["ROLE_TEACHER"], email: "invited@school.example", passwordHash: null });
    const adminJwt = (await signIn({ username: admin.username, password: PASSWORD }, { ip: ip() })).body.jwt as string;

    const asked = await bound(() =>
      call(forgot, "POST", "/en/api/v1/forgot-password/email", { body: { email: person.email }, headers: { "x-forwarded-for": ip() } }),
    );
    expect(asked.status).toBe(200);
    expect(await bound(() => mailPasswordResetLinks({ email: person.email, hostTenantId: null }))).toEqual({ matched: 1 });
    const [mail] = await mailsTo(person.email);
    expect(mail.tenantId).toBe(tenant.id);
    const done = await bound(() =>
      call(reset, "POST", "/en/api/v1/forgot-password/reset", { body: { confirmationToken: linkToken(mail.textBody), password: "Fresh-pass9" }, headers }),
    );
    expect(done.status).toBe(200);
    expect((await signIn({ username: person.username, password: "Fresh-pass9" }, { ip: ip() })).status).toBe(200);

    const sent = await bound(() =>
      call(invite, "POST", `/en/api/v1/users/${invited.id}/registration-invite`, { token: adminJwt, params: { id: String(invited.id) } }),
    );
    expect(sent.status).toBe(200);
    const [registration] = await mailsTo("invited@school.example");
    expect(registration.tenantId).toBe(tenant.id);
    expect(
      await db()
        .select()
        .from(users)
        .where(and(eq(users.id, invited.id), isNotNull(users.passwordHash))),
    ).toHaveLength(0);
  });
});
