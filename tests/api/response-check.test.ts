import { describe, expect, it } from "vitest";
import { z } from "zod";
import { json, publicRoute } from "@/lib/platform/api";
import { takeResponseMismatches } from "@/lib/platform/response-check";
import { call } from "../support/api";

/*
 * The response check (API_CHECK_RESPONSES=1, on for the whole suite in vitest.config.ts): an answer its
 * route's response schema refuses is a 500 naming the route and the zod issues, and it is recorded, so
 * tests/support/check-responses.ts fails the test during which it happened.
 */

const response = z.object({ id: z.number().int(), name: z.string() }).strict();

// Routes made here, not taken from app/: a real route whose answer is wrong would be fixed, not kept as a sample.
const wrongType = publicRoute({ summary: "A sample of one record", response }, async () => json({ id: "7", name: "Ada" }));
const unnamedKey = publicRoute({ response }, async () => json({ id: 7, name: "Ada", passwordHash: "x" }));
const fitting = publicRoute({ response }, async () => json({ id: 7, name: "Ada" }));
const refused = publicRoute({ response }, async () => json({ message: "Not found" }, 404));

describe("the response check", () => {
  it("is on for the whole suite", () => {
    expect(process.env.API_CHECK_RESPONSES).toBe("1");
  });

  it("answers 500 for a field of the wrong type, naming the route and the issue, and records it", async () => {
    const res = await call(wrongType, "GET", "/en/api/v1/sample/7");
    expect(res.status).toBe(500);
    // The path a test called it by, and its summary: tests call handlers by any path.
    expect(res.body.message).toContain('GET /en/api/v1/sample/7 ("A sample of one record") answered 200');
    expect(res.body.message).toContain("does not match the route's response schema");
    expect(res.body.errors).toEqual([{ field: "id", message: expect.stringContaining("expected number") }]);
    // Taken here, so this test's own after-hook does not fail it; any other test would fail with it.
    expect(takeResponseMismatches()).toEqual([{ route: "GET /en/api/v1/sample/7", summary: "A sample of one record", status: 200, issues: res.body.errors }]);
  });

  it("answers 500 for a key the schema does not name", async () => {
    const res = await call(unnamedKey, "GET", "/en/api/v1/sample/7");
    expect(res.status).toBe(500);
    expect(res.body.errors).toEqual([{ field: "passwordHash", message: "passwordHash is not a field of this response" }]);
    expect(takeResponseMismatches()).toHaveLength(1);
  });

  it("leaves a fitting answer and an error answer alone", async () => {
    expect((await call(fitting, "GET", "/en/api/v1/sample/7")).body).toEqual({ id: 7, name: "Ada" });
    expect((await call(refused, "GET", "/en/api/v1/sample/7")).status).toBe(404);
    expect(takeResponseMismatches()).toEqual([]);
  });

  // `fails`: the test itself passes; the shared after-hook must turn the recorded mismatch into a failure.
  it.fails("fails a test that never looked at the mismatched answer", async () => {
    await call(wrongType, "GET", "/en/api/v1/sample/7");
  });
});
