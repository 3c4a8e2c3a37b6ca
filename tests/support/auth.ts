import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { mailOutbox, signInAttempts, users, type OrgType, type Role } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { POST as impersonateRoute } from "@/app/en/api/v1/login/impersonate/route";
import { POST as loginRoute } from "@/app/en/api/v1/login/route";
import { call } from "./api";
import { makeTenant, makeUser } from "./factories";

/** The password every account made here signs in with (it meets the spec's rules). */
export const PASSWORD = "Good-pass1";

let passwordHash: Promise<string> | undefined;

/** A user who can sign in: the factory's user plus an argon2id hash of PASSWORD (hashed once per file). */
export async function makeAccount(
  tenantId: number,
  options: { roles?: Role[]; orgs?: { orgType: OrgType; id: number; administrative?: boolean }[] } & Partial<typeof users.$inferInsert> = {},
) {
  passwordHash ??= hashPassword(PASSWORD);
  return makeUser(tenantId, { passwordHash: await passwordHash, ...options });
}

/** POST /login from an address (default 10.0.0.1) and host (default localhost). */
export function signIn(body: unknown, options: { ip?: string; host?: string } = {}) {
  return call(loginRoute, "POST", "/en/api/v1/login", {
    body,
    headers: { "x-forwarded-for": options.ip ?? "10.0.0.1", host: options.host ?? "localhost:3000" },
  });
}

/** The jwt of a person made by makeAccount, signed in through POST /login. */
export async function jwtOf(user: { username: string }, options: { ip?: string } = {}): Promise<string> {
  return (await signIn({ username: user.username, password: PASSWORD }, options)).body.jwt as string;
}

/** A tenant admin of a new tenant impersonating a teacher of it: both people and both jwts. */
export async function impersonation() {
  const tenant = await makeTenant();
  const admin = await makeAccount(tenant.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] });
  const teacher = await makeAccount(tenant.id, { roles: ["ROLE_TEACHER"] });
  const adminJwt = await jwtOf(admin);
  const started = await call(impersonateRoute, "POST", "/en/api/v1/login/impersonate", { token: adminJwt, body: { userIdToImpersonate: teacher.id } });
  if (started.status !== 200) throw new Error(`impersonation refused: ${started.status}`);
  return { tenant, admin, teacher, adminJwt, childJwt: started.body.jwt as string };
}

/** Mails queued to an address, newest first. */
export function mailsTo(address: string) {
  return db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(desc(mailOutbox.id));
}

/** The token of the link in a mail body. */
export function linkToken(text: string): string {
  const match = text.match(/[?&]token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error("no token link in mail");
  return match[1];
}

/** Move a username's sign-in attempts back in time (to test the 15-minute window). */
export async function ageAttempts(username: string, minutes: number) {
  await db()
    .update(signInAttempts)
    .set({ createdAt: sql`${signInAttempts.createdAt} - make_interval(mins => ${minutes})` })
    .where(and(eq(signInAttempts.username, username.toLowerCase())));
}
