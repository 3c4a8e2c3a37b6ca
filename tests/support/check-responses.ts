import { afterAll, afterEach } from "vitest";
import { describeResponseMismatch, takeResponseMismatches } from "@/lib/platform/response-check";

/*
 * Runs before every test file (API_CHECK_RESPONSES=1 is set for the whole suite in vitest.config.ts):
 * a route answer that its response schema refused fails the test during which it happened (its
 * beforeAll counts towards the first test), naming the route (method, path and summary: tests call
 * handlers by any path) and the zod issues, even when the test never looked at that answer.
 */
function failOnMismatches() {
  const mismatches = takeResponseMismatches();
  if (mismatches.length) throw new Error(`Response schema check failed:\n${mismatches.map((m) => describeResponseMismatch(m)).join("\n")}`);
}

afterEach(failOnMismatches);
afterAll(failOnMismatches);
