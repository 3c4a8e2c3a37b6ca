import type { NextRequest } from "next/server";
import { AppError, badRequest } from "./errors";

const MAX_JSON_BYTES = 1024 * 1024;
/**
 * Far deeper than any body the API takes (a few levels), far shallower than what overflows the stack
 * of the recursive walks after parsing (zod, the control-character check): 10,000 levels did.
 */
const MAX_JSON_DEPTH = 64;

/** JSON, or a JSON dialect (`application/merge-patch+json`); a body without a type is read as JSON too. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/** How deep a parsed JSON value nests, counted without recursion (a deep value must not overflow here). */
function jsonDepth(value: unknown, limit = Infinity): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** 400 when a value nests deeper than the API reads. */
export function refuseDeepJson(value: unknown): void {
  if (jsonDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw badRequest(`Request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`);
}

/** The request's JSON body: 415 for another content type, 413 above 1 MiB, 400 when not JSON or too deep. */
export async function readJsonBody(req: NextRequest): Promise<unknown> {
  const type = req.headers.get("content-type");
  const length = Number(req.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new AppError(413, "Request body is too large");
  const text = await req.text();
  if (text.length > MAX_JSON_BYTES) throw new AppError(413, "Request body is too large");
  if (text.trim() === "") return {};
  if (type && !JSON_TYPE.test(type)) throw new AppError(415, "Request body must be JSON (content-type: application/json)");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("Request body is not valid JSON");
  }
  refuseDeepJson(value);
  return value;
}
