import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/db/client";
import { users } from "@/db/schema";
import { POST as forgotRoute } from "@/app/en/api/v1/forgot-password/email/route";
import { PUT as updateProfile } from "@/app/en/api/v1/users/route";
import { publicRoute } from "@/lib/platform/api";
import { call, tokenFor } from "../support/api";
import { makeAccount, signIn } from "../support/auth";
import { makeTenant } from "../support/factories";

const refused = (field: string) => ({
  status: 400,
  body: { message: `${field} may not contain control characters`, errors: [{ field, message: `${field} may not contain control characters` }] },
});

const format = (field: string, message: string) => ({ status: 400, body: { message, errors: [{ field, message }] } });

describe("control characters in JSON bodies", () => {
  it("POST /login answers 400 naming the field, not 500", async () => {
    // An address with a control character is no address: the schema's own format message names it first.
    expect(await signIn({ username: "a\u0000b@x.org", password: "Good-pass1" })).toMatchObject(format("username", "Invalid username format"));
    expect(await signIn({ username: "ab@x.org", password: "Good-pass1\u0000" })).toMatchObject(refused("password"));
  });

  it("POST /forgot-password/email answers 400", async () => {
    const res = await call(forgotRoute, "POST", "/en/api/v1/forgot-password/email", { body: { email: "a\u0000b@x.org" }, headers: { host: "localhost:3000" } });
    expect(res).toMatchObject(format("email", "Invalid email format"));
  });

  it("PUT /users answers 400 and changes nothing", async () => {
    const tenant = await makeTenant();
    const user = await makeAccount(tenant.id);
    const token = await tokenFor(user);
    for (const [field, value] of [
      ["firstName", "A\u0000"],
      ["lastName", "B\u001b[31m"],
      ["tenantMemberId", "T\u007f"],
    ]) {
      const res = await call(updateProfile, "PUT", "/en/api/v1/users", { token, body: { id: user.id, [field]: value } });
      expect(res).toMatchObject(refused(field));
    }
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: user.firstName, lastName: user.lastName, tenantMemberId: user.tenantMemberId });
  });

  it("looks into nested objects, arrays and keys; tabs and line breaks are text", async () => {
    const route = publicRoute({ body: z.looseObject({}) }, async () => ({ ok: true }));
    const post = (body: unknown) => call(route, "POST", "/en/api/v1/x", { body });
    expect(await post({ rows: [{ name: "ok" }, { name: "a\u0000" }] })).toMatchObject(refused("rows.1.name"));
    expect(await post({ ["k\u0001"]: "v" })).toMatchObject(refused("k\u0001"));
    expect(await post({ note: "line one\r\nline two\tend" })).toMatchObject({ status: 200 });
  });
});
