import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/switch-area/route";
import { db } from "@/db/client";
import { authSessions } from "@/db/schema";
import { sessionCookieName } from "@/lib/platform/session-token";
import { BASE, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";

/** The header's area switch as the browser posts it: a plain form with the session cookie. */
async function post(token: string, role: string, origin: string | null = BASE) {
  const headers = new Headers({ cookie: `${sessionCookieName()}=${token}`, "content-type": "application/x-www-form-urlencoded", host: "localhost:3000" });
  if (origin) headers.set("origin", origin);
  const res = await POST(new NextRequest(new URL("/switch-area", BASE), { method: "POST", headers, body: new URLSearchParams({ role }).toString() }));
  return { status: res.status, location: res.headers.get("location") };
}

async function activeRoleOf(userId: number) {
  const [row] = await db().select({ activeRole: authSessions.activeRole }).from(authSessions).where(eq(authSessions.userId, userId));
  return row.activeRole;
}

describe("POST /switch-area (the header's area switch)", () => {
  it("makes a held role the session's active one and goes to its dashboard", async () => {
    const tenant = await makeTenant();
    const user = await makeUser(tenant.id, { roles: ["ROLE_TEACHER", "ROLE_ADMIN"] });
    const token = await tokenFor(user, "ROLE_TEACHER");
    expect(await post(token, "ROLE_ADMIN")).toEqual({ status: 303, location: "/administrator/dashboard" });
    expect(await activeRoleOf(user.id)).toBe("ROLE_ADMIN");
    expect(await post(token, "ROLE_TEACHER")).toEqual({ status: 303, location: "/teacher/dashboard" });
    expect(await activeRoleOf(user.id)).toBe("ROLE_TEACHER");
  });

  it("goes home without a change for a role not held, an unknown role or no session; refuses another site's form", async () => {
    const tenant = await makeTenant();
    const user = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"] });
    const token = await tokenFor(user, "ROLE_TEACHER");
    expect(await post(token, "ROLE_SYSTEM_ADMIN")).toEqual({ status: 303, location: "/" });
    expect(await post(token, "ROLE_EVERYTHING")).toEqual({ status: 303, location: "/" });
    expect(await post("garbage", "ROLE_TEACHER")).toEqual({ status: 303, location: "/" });
    expect((await post(token, "ROLE_TEACHER", "https://evil.example")).status).toBe(403);
    expect((await post(token, "ROLE_TEACHER", null)).status).toBe(403);
    expect(await activeRoleOf(user.id)).toBe("ROLE_TEACHER");
  });
});
