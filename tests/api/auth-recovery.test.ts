import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, rows } from "@/db/client";
import { authTokens, signInAttempts, users } from "@/db/schema";
import { POST as forgot } from "@/app/en/api/v1/forgot-password/email/route";
import { POST as reset } from "@/app/en/api/v1/forgot-password/reset/route";
import { POST as register } from "@/app/en/api/v1/user-registration/route";
import { POST as invite } from "@/app/en/api/v1/users/[id]/registration-invite/route";
import { GET as me } from "@/app/en/api/v1/login/me/route";
import { sendRegistrationInvite } from "@/lib/auth/recovery";
import { actorForSession } from "@/lib/platform/actor";
import { decodeToken } from "@/lib/platform/session-token";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { passwordReset } from "@/jobs/handlers/password-reset";
import { call, tokenFor } from "../support/api";
import { linkToken, mailsTo, makeAccount, PASSWORD, signIn } from "../support/auth";
import { makeTenant, makeUser } from "../support/factories";
import { setEnv, TEST_JOB_ENV, waitFor } from "../support/jobs";

const SENT = { message: "An email has been sent and contains a link to reset your password." };
const NEW_PASSWORD = "Fresh-pass9";
const RESET_INVALID = "This password reset link is invalid, has expired or was already used. Request a new one with 'Forgot password?'.";
const REGISTRATION_INVALID = "This registration link is invalid, has expired or was already used. Ask your administrator for a new one.";

setEnv(TEST_JOB_ENV);

// Only the reset job runs: the mail.send jobs stay queued, so the outbox keeps the link to read.
beforeAll(async () => {
  await startWorkers([passwordReset]);
});

afterAll(async () => {
  await stopWorkers();
});

/** Reset jobs not finished yet, and failed ones. */
async function resetJobs() {
  const [row] = await rows<{ pending: number; failed: number }>(
    db(),
    sql`select count(*) filter (where state < 'completed')::int as pending, count(*) filter (where state = 'failed')::int as failed
      from pgboss.job where name = 'auth.password-reset'`,
  );
  return row;
}

/** Wait until every queued reset job has run (and none failed). */
async function resetJobsDone() {
  await waitFor(async () => (await resetJobs()).pending === 0, 20_000, "reset jobs");
  expect((await resetJobs()).failed).toBe(0);
}

let ipSeq = 0;
const request = (email: unknown, options: { ip?: string; host?: string } = {}) =>
  call(forgot, "POST", "/en/api/v1/forgot-password/email", {
    body: { email },
    headers: { "x-forwarded-for": options.ip ?? `10.1.0.${++ipSeq}`, host: options.host ?? "localhost:3000" },
  });
/** A forgot-password request, once its job has run. */
async function ask(email: unknown, options: { ip?: string; host?: string } = {}) {
  const answer = await request(email, options);
  await resetJobsDone();
  return answer;
}
const resetWith = (confirmationToken: unknown, password: unknown) =>
  call(reset, "POST", "/en/api/v1/forgot-password/reset", { body: { confirmationToken, password } });

async function resetToken(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  return linkToken(mail.textBody);
}

describe("POST /forgot-password/email", () => {
  it("mails a reset link to an existing account and answers an unknown address the same way", async () => {
    const tenant = await makeTenant({ name: "Hawaii" });
    const user = await makeAccount(tenant.id);
    const known = await ask(user.email.toUpperCase());
    expect(known).toMatchObject({ status: 200, body: SENT });
    const unknown = await ask("nobody@nowhere.example");
    expect(unknown).toMatchObject({ status: 200, body: SENT });
    expect(await mailsTo("nobody@nowhere.example")).toHaveLength(0);

    const [mail] = await mailsTo(user.email);
    expect(mail.subject).toBe("Reset your password");
    expect(mail.textBody).toContain("http://localhost:3000/reset-password?token=");
    expect(mail.textBody).toContain("Hawaii");
    expect(mail.htmlBody).toContain("/reset-password?token=");
    const token = linkToken(mail.textBody);
    const [stored] = await db().select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(stored.purpose).toBe("password_reset");
    expect(stored.tokenHash).not.toContain(token);
    const hourMs = stored.expiresAt.getTime() - stored.createdAt.getTime();
    expect(Math.abs(hourMs - 3600_000)).toBeLessThan(5_000);
  });

  it("only queues the lookup: the answer comes before any account is looked up, the job then mails", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    await stopWorkers();
    try {
      const known = await request(user.email);
      const unknown = await request("nobody-queued@nowhere.example");
      expect([known.status, known.body]).toEqual([200, SENT]);
      expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
      expect(await mailsTo(user.email)).toHaveLength(0);
      expect(await db().select().from(authTokens).where(eq(authTokens.userId, user.id))).toHaveLength(0);
      expect((await resetJobs()).pending).toBe(2);
    } finally {
      await startWorkers([passwordReset]);
    }
    await resetJobsDone();
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await mailsTo("nobody-queued@nowhere.example")).toHaveLength(0);
  });

  it("validates the email with the spec's texts", async () => {
    expect((await ask("")).body.message).toBe("Email is required");
    expect((await ask(undefined)).body.message).toBe("Email is required");
    expect((await ask(7)).body.message).toBe("Email is required");
    const bad = await ask("not-an-email");
    expect(bad).toMatchObject({ status: 400, body: { message: "Invalid email format", errors: [{ field: "email", message: "Invalid email format" }] } });
  });

  it("sends nothing to disabled accounts or, on a tenant's host, to other tenants' accounts", async () => {
    const ohio = await makeTenant({ slug: `ohio${Date.now()}` });
    const other = await makeTenant();
    const disabled = await makeAccount(ohio.id, { enabled: false });
    const outsider = await makeAccount(other.id);
    expect((await ask(disabled.email)).body).toEqual(SENT);
    expect((await ask(outsider.email, { host: `${ohio.slug}.example.org` })).body).toEqual(SENT);
    expect(await mailsTo(disabled.email)).toHaveLength(0);
    expect(await mailsTo(outsider.email)).toHaveLength(0);
  });

  it("limits requests per address (429) and mails per email (answered alike, nothing more sent)", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    for (let i = 0; i < 4; i++) expect((await ask(user.email, { ip: "10.2.0.1" })).body).toEqual(SENT);
    expect(await mailsTo(user.email)).toHaveLength(3);
    for (let i = 0; i < 6; i++) await ask(`someone${i}@x.org`, { ip: "10.2.0.1" });
    const limited = await ask(user.email, { ip: "10.2.0.1" });
    expect(limited).toMatchObject({
      status: 429,
      body: { message: "Too many password reset requests from your network. Please wait 15 minutes and try again." },
    });
  });
});

describe("POST /forgot-password/reset", () => {
  it("sets the new password once, ends the old sessions and lifts a lockout", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    const oldJwt = await tokenFor(user);
    for (let i = 0; i < 5; i++) await signIn({ username: user.username, password: "Wrong-pass1" }, { ip: "10.3.0.1" });
    expect((await signIn({ username: user.username, password: PASSWORD })).status).toBe(423);

    await ask(user.email);
    const token = await resetToken(user.email);
    const done = await resetWith(token, NEW_PASSWORD);
    expect(done).toMatchObject({ status: 200, body: { message: "Password has been successfully reset." } });
    const [hash] = await db().select({ h: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(hash.h).toMatch(/^\$argon2id\$/);

    expect((await call(me, "GET", "/en/api/v1/login/me", { token: oldJwt })).status).toBe(401);
    expect((await signIn({ username: user.username, password: PASSWORD })).status).toBe(401);
    expect((await signIn({ username: user.username, password: NEW_PASSWORD })).status).toBe(200);

    const again = await resetWith(token, "Other-pass1");
    expect(again).toMatchObject({ status: 400, body: { message: RESET_INVALID, errors: [{ field: "confirmationToken", message: RESET_INVALID }] } });
  });

  it("refuses an expired token and a registration token, and changes nothing", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    await ask(user.email);
    const token = await resetToken(user.email);
    await db()
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, user.id));
    expect((await resetWith(token, NEW_PASSWORD)).status).toBe(400);
    expect((await signIn({ username: user.username, password: PASSWORD })).status).toBe(200);

    const admin = await makeAccount(tenant.id, { roles: ["ROLE_TENANT_ADMIN"] });
    const actor = (await actorForSession((await decodeToken(await tokenFor(admin)))!, "internal"))!;
    await sendRegistrationInvite(actor, user.id);
    const [invite] = await mailsTo(user.email);
    expect((await resetWith(linkToken(invite.textBody), NEW_PASSWORD)).body.message).toBe(RESET_INVALID);
  });

  it("enforces every password rule with its own text and leaves the token usable", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    await ask(user.email);
    const token = await resetToken(user.email);
    const cases: [unknown, string][] = [
      ["", "Password is required"],
      [undefined, "Password is required"],
      ["Ab1", "Password must be 8 to 30 characters long"],
      [`Ab1${"x".repeat(28)}`, "Password must be 8 to 30 characters long"],
      ["lower-only1", "Password must contain an uppercase letter"],
      ["UPPER-ONLY1", "Password must contain a lowercase letter"],
      ["No-digits-here", "Password must contain a digit"],
      ["Has space1", "Password must not contain spaces"],
    ];
    for (const [password, message] of cases) {
      const res = await resetWith(token, password);
      expect(res.status, String(password)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await resetWith("", NEW_PASSWORD)).status).toBe(400);
    expect((await resetWith("x".repeat(5000), NEW_PASSWORD)).status).toBe(400);
    expect((await resetWith(token, NEW_PASSWORD)).status).toBe(200);
  });
});

describe("POST /user-registration", () => {
  it("completes an invited account once with a 7-day link", async () => {
    const tenant = await makeTenant({ name: "Michigan" });
    const admin = await makeAccount(tenant.id, { roles: ["ROLE_TENANT_ADMIN"] });
    const invited = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"] });
    const actor = (await actorForSession((await decodeToken(await tokenFor(admin)))!, "internal"))!;
    await sendRegistrationInvite(actor, invited.id);

    const [mail] = await mailsTo(invited.email);
    expect(mail.subject).toBe("Complete your registration");
    expect(mail.textBody).toContain("/user-registration?token=");
    const [stored] = await db()
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, invited.id), eq(authTokens.purpose, "registration")));
    const days = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 86400_000;
    expect(days).toBeCloseTo(7, 2);

    const token = linkToken(mail.textBody);
    expect((await signIn({ username: invited.username, password: NEW_PASSWORD })).status).toBe(401);
    const done = await call(register, "POST", "/en/api/v1/user-registration", { body: { confirmationToken: token, password: NEW_PASSWORD } });
    expect(done).toMatchObject({ status: 200, body: { message: "User registration completed." } });
    expect((await signIn({ username: invited.username, password: NEW_PASSWORD })).status).toBe(200);

    const again = await call(register, "POST", "/en/api/v1/user-registration", { body: { confirmationToken: token, password: NEW_PASSWORD } });
    expect(again).toMatchObject({ status: 400, body: { message: REGISTRATION_INVALID } });
    const weak = await call(register, "POST", "/en/api/v1/user-registration", { body: { confirmationToken: "abc", password: "weak" } });
    expect(weak.body.message).toBe("Password must be 8 to 30 characters long");
  });

  it("lets only admins invite, and only people they reach", async () => {
    const tenant = await makeTenant();
    const other = await makeTenant();
    const teacher = await makeAccount(tenant.id, { roles: ["ROLE_TEACHER"] });
    const admin = await makeAccount(tenant.id, { roles: ["ROLE_TENANT_ADMIN"] });
    const stranger = await makeUser(other.id);
    const actorOf = async (u: { id: number; tenantId: number }) => (await actorForSession((await decodeToken(await tokenFor(u)))!, "internal"))!;
    await expect(sendRegistrationInvite(await actorOf(teacher), admin.id)).rejects.toMatchObject({ status: 403 });
    await expect(sendRegistrationInvite(await actorOf(admin), stranger.id)).rejects.toMatchObject({ status: 404 });
    expect(await mailsTo(stranger.email)).toHaveLength(0);
    expect(await db().select().from(authTokens).where(eq(authTokens.userId, stranger.id))).toHaveLength(0);
  });
});

describe("POST /users/{id}/registration-invite", () => {
  it("mails the invite for an admin, refuses others, hides other tenants' users", async () => {
    const tenant = await makeTenant();
    const admin = await makeAccount(tenant.id, { roles: ["ROLE_TENANT_ADMIN"] });
    const teacher = await makeAccount(tenant.id, { roles: ["ROLE_TEACHER"] });
    const invited = await makeUser(tenant.id);
    const stranger = await makeUser((await makeTenant()).id);
    const send = (token: string, id: unknown) => call(invite, "POST", `/en/api/v1/users/${id}/registration-invite`, { token, params: { id: String(id) } });
    const adminJwt = await tokenFor(admin);
    expect(await send(adminJwt, invited.id)).toMatchObject({ status: 200, body: { sent: true } });
    expect(await mailsTo(invited.email)).toHaveLength(1);
    expect((await send(await tokenFor(teacher), invited.id)).status).toBe(403);
    expect(await send(adminJwt, stranger.id)).toMatchObject({ status: 404, body: { message: "User not found" } });
    expect(await send(adminJwt, "abc")).toMatchObject({ status: 400, body: { message: "User id is required" } });
    expect(await mailsTo(invited.email)).toHaveLength(1);
  });
});

describe("sign-in attempt records", () => {
  it("store the address and outcome but never the password typed", async () => {
    await signIn({ username: "typo@nowhere.example", password: "Secret-typed1" }, { ip: "10.4.0.1" });
    const rows = await db().select().from(signInAttempts).where(eq(signInAttempts.ipAddress, "10.4.0.1"));
    expect(rows).toMatchObject([{ kind: "login", username: "typo@nowhere.example", outcome: "failure", tenantId: null }]);
    expect(JSON.stringify(rows)).not.toContain("Secret-typed1");
  });
});
