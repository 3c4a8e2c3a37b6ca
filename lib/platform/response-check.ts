import type { FieldError } from "./errors";

/**
 * The answers that failed their route's response schema (API_CHECK_RESPONSES=1, the tests). The
 * wrapper answers such a request 500, which a test expecting any other status sees; a test that only
 * looks at part of the answer would not, so the test setup (tests/support/check-responses.ts) also
 * fails any test during which one was recorded, naming the route and the zod issues.
 */
export interface ResponseMismatch {
  /** Method and path of the request, e.g. `GET /en/api/v1/users/12` (a test may call a handler by any path). */
  route: string;
  /** The route's summary: it names the operation whatever path a test called the handler by. */
  summary?: string;
  status: number;
  issues: FieldError[];
}

// A global symbol: every copy of this module (a bundle per layer, the test's own) shares one list.
const MISMATCHES = Symbol.for("assessment-platform.response-mismatches");
const store = globalThis as unknown as Record<symbol, ResponseMismatch[] | undefined>;

export function recordResponseMismatch(mismatch: ResponseMismatch): void {
  (store[MISMATCHES] ??= []).push(mismatch);
}

/** The mismatches recorded since the last call, and forgets them. */
export function takeResponseMismatches(): ResponseMismatch[] {
  const taken = store[MISMATCHES] ?? [];
  store[MISMATCHES] = [];
  return taken;
}

/** One line per mismatch: the route, then each issue as `field: message`. */
export function describeResponseMismatch({ route, summary, status, issues }: ResponseMismatch): string {
  const where = summary ? `${route} ("${summary}")` : route;
  return `${where} answered ${status}, which does not match the route's response schema: ${issues.map((i) => `${i.field}: ${i.message}`).join("; ")}`;
}
