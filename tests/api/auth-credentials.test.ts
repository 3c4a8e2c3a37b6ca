import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, users } from "@/db/schema";
import { POST as impersonate } from "@/app/en/api/v1/login/impersonate/route";
import { GET as me } from "@/app/en/api/v1/login/me/route";
import { PUT as putUsers } from "@/app/en/api/v1/users/route";
import { call } from "../support/api";
import { jwtOf, mailsTo, makeAccount, PASSWORD, signIn } from "../support/auth";
import { makeTenant } from "../support/factories";

const WHILE_IMPERSONATING = "Email and password cannot be changed while impersonating. End the impersonation to change your own.";
const CURRENT_REQUIRED = "Enter your current password to change your email or password";
const CURRENT_WRONG = "Your current password is not correct";

let ipSeq = 0;
const signedIn = (user: { username: string }) => jwtOf(user, { ip: `10.88.0.${++ipSeq}` });
const meOf = (token: string) => call(me, "GET", "/en/api/v1/login/me", { token });
const put = (token: string, body: unknown) =>
  call(putUsers, "PUT", "/en/api/v1/users", { token, body, headers: { "x-forwarded-for": "10.88.1.1", "user-agent": "vitest" } });
const stored = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];
const auditOf = (userId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), inArray(auditLog.action, ["email_change", "password_change"])));

async function impersonating() {
  const tenant = await makeTenant();
  const admin = await makeAccount(tenant.id, { roles: ["ROLE_TENANT_ADMIN"] });
  const user = await makeAccount(tenant.id, { roles: ["ROLE_TEACHER"] });
  const started = await call(impersonate, "POST", "/en/api/v1/login/impersonate", { token: await signedIn(admin), body: { userIdToImpersonate: user.id } });
  expect(started.status).toBe(200);
  return { user, jwt: started.body.jwt as string };
}

describe("PUT /users while impersonating", () => {
  it("refuses an email change with 403 and changes nothing, even with the user's right password", async () => {
    const { user, jwt } = await impersonating();
    const before = await stored(user.id);
    for (const body of [
      { id: user.id, email: "attacker@evil.example" },
      { id: user.id, email: "attacker@evil.example", currentPassword: PASSWORD, firstName: "Mallory" },
    ]) {
      expect(await put(jwt, body)).toMatchObject({ status: 403, body: { message: WHILE_IMPERSONATING } });
    }
    const after = await stored(user.id);
    expect({ email: after.email, firstName: after.firstName, updatedAt: after.updatedAt }).toEqual({
      email: before.email,
      firstName: before.firstName,
      updatedAt: before.updatedAt,
    });
    expect(await mailsTo(before.email)).toHaveLength(0);
    expect(await auditOf(user.id)).toHaveLength(0);
  });

  it("refuses a password change with 403 and keeps the old password", async () => {
    const { user, jwt } = await impersonating();
    const refused = await put(jwt, { id: user.id, password: "Hijack-pass1", currentPassword: PASSWORD });
    expect(refused).toMatchObject({ status: 403, body: { message: WHILE_IMPERSONATING } });
    expect((await signIn({ username: user.username, password: PASSWORD })).status).toBe(200);
  });

  it("still saves the person's names and the unchanged email the profile form sends along", async () => {
    const { user, jwt } = await impersonating();
    const saved = await put(jwt, { id: user.id, firstName: "Grace", email: user.email });
    expect(saved).toMatchObject({ status: 200, body: { profileData: { firstName: "Grace", email: user.email } } });
  });
});

describe("PUT /users: changing one's own email", () => {
  it("asks for the current password: missing 400, wrong 403, and nothing changes", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    const jwt = await signedIn(user);
    const missing = await put(jwt, { id: user.id, email: "new@example.org" });
    expect(missing).toMatchObject({ status: 400, body: { message: CURRENT_REQUIRED, errors: [{ field: "currentPassword", message: CURRENT_REQUIRED }] } });
    const wrong = await put(jwt, { id: user.id, email: "new@example.org", currentPassword: "Not-mine1", firstName: "Changed" });
    expect(wrong).toMatchObject({ status: 403, body: { message: CURRENT_WRONG, errors: [{ field: "currentPassword", message: CURRENT_WRONG }] } });
    const row = await stored(user.id);
    expect({ email: row.email, firstName: row.firstName }).toEqual({ email: user.email, firstName: user.firstName });
    expect(await mailsTo(user.email)).toHaveLength(0);
    expect(await auditOf(user.id)).toHaveLength(0);
  });

  it("with the right password: changes it, mails the old address, ends the other sessions only, and is audited", async () => {
    const tenant = await makeTenant({ name: "Maryland" });
    const user = await makeAccount(tenant.id);
    const jwt = await signedIn(user);
    const other = await signedIn(user);
    const res = await put(jwt, { id: user.id, email: "moved@example.org", currentPassword: PASSWORD });
    expect(res).toMatchObject({ status: 200, body: { profileData: { email: "moved@example.org" } } });
    expect((await stored(user.id)).email).toBe("moved@example.org");

    const [notice] = await mailsTo(user.email);
    expect(notice.subject).toBe("Your email address was changed");
    expect(notice.textBody).toContain("Maryland");
    expect(notice.textBody).toContain(user.username);
    expect(notice.textBody).not.toContain("moved@example.org");
    expect(await mailsTo("moved@example.org")).toHaveLength(0);

    expect((await meOf(jwt)).status).toBe(200);
    expect((await meOf(other)).status).toBe(401);
    expect(await auditOf(user.id)).toMatchObject([
      { action: "email_change", entityType: "user", entityId: user.id, impersonatorId: null, ipAddress: "10.88.1.1", userAgent: "vitest" },
    ]);
    expect(JSON.stringify(await auditOf(user.id))).not.toContain("moved@example.org");
  });
});

describe("PUT /users: changing one's own password", () => {
  it("asks for the current password, then ends the other sessions and is audited", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    const jwt = await signedIn(user);
    const other = await signedIn(user);
    expect(await put(jwt, { id: user.id, password: "Changed-pass1" })).toMatchObject({ status: 400, body: { message: CURRENT_REQUIRED } });
    expect(await put(jwt, { id: user.id, password: "Changed-pass1", currentPassword: "Wrong-pass1" })).toMatchObject({
      status: 403,
      body: { message: CURRENT_WRONG },
    });
    expect((await meOf(other)).status).toBe(200);
    expect((await signIn({ username: user.username, password: "Changed-pass1" })).status).toBe(401);

    const done = await put(jwt, { id: user.id, password: "Changed-pass1", currentPassword: PASSWORD });
    expect(done.status).toBe(200);
    expect((await meOf(jwt)).status).toBe(200);
    expect((await meOf(other)).status).toBe(401);
    expect((await signIn({ username: user.username, password: "Changed-pass1" })).status).toBe(200);
    expect(await auditOf(user.id)).toMatchObject([{ action: "password_change", entityId: user.id }]);
  });

  it("counts wrong current passwords like failed sign-ins: the fifth locks the account", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    const jwt = await signedIn(user);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => put(jwt, { id: user.id, password: "Changed-pass1", currentPassword: `Guess-${i}x` })),
    );
    expect(answers.filter((a) => a.status === 403)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 423)).toHaveLength(3);
    expect((await put(jwt, { id: user.id, password: "Changed-pass1", currentPassword: PASSWORD })).status).toBe(423);
    expect((await signIn({ username: user.username, password: PASSWORD })).status).toBe(423);
  });

  it("needs no current password for names, the member id or the unchanged email", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    const jwt = await signedIn(user);
    const other = await signedIn(user);
    const res = await put(jwt, { id: user.id, firstName: "Ada", email: user.email, tenantMemberId: "M-1", password: "" });
    expect(res).toMatchObject({ status: 200, body: { profileData: { firstName: "Ada", tenantMemberId: "M-1" } } });
    expect((await meOf(other)).status).toBe(200);
    expect(await auditOf(user.id)).toHaveLength(0);
  });
});
