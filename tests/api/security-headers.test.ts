import { describe, expect, it } from "vitest";
import { z } from "zod";
import { GET as unknownApi } from "@/app/en/api/v1/[...path]/route";
import { GET as health } from "@/app/en/api/v1/health/route";
import { GET as me } from "@/app/en/api/v1/login/me/route";
import { publicRoute } from "@/lib/platform/api";
import { call } from "../support/api";

const API_HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "same-origin",
};

const expectApiHeaders = (headers: Headers) => {
  for (const [name, value] of Object.entries(API_HEADERS)) expect(headers.get(name), name).toBe(value);
  // http://localhost here: HSTS only when the public address is https.
  expect(headers.get("strict-transport-security")).toBeNull();
};

const failing = publicRoute({ response: z.object({}) }, async () => {
  throw new Error("boom");
});

// next-auth's own answers (/api/auth/*) need Next's request scope: tests/e2e/security.spec.ts checks them.
describe("security headers of API answers (the wrapper)", () => {
  it("sets them on success, client errors and server errors alike", async () => {
    const answers = [
      await call(health, "GET", "/en/api/v1/health"),
      await call(unknownApi, "GET", "/en/api/v1/nope", { params: { path: ["nope"] } }),
      await call(me, "GET", "/en/api/v1/login/me"),
      await call(failing, "GET", "/en/api/v1/failing"),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 404, 401, 500]);
    for (const answer of answers) expectApiHeaders(answer.headers);
  });
});
