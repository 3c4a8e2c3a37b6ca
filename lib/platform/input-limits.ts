import { fieldError } from "./errors";

/**
 * The longest text any input may hold. The longest a schema declares is 5,000 characters; without a
 * cap, a field with no `max` stored 100 KB, and every string went through the schemas' patterns first.
 */
const MAX_TEXT_LENGTH = 20_000;

/** The path of the first string (or key) in an input longer than the cap, walked without recursion. */
function longTextPath(input: unknown): (string | number)[] | null {
  const stack: [unknown, (string | number)[]][] = [[input, []]];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === "string") {
      if (value.length > MAX_TEXT_LENGTH) return path;
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    for (const [key, item] of Object.entries(value)) {
      if (key.length > MAX_TEXT_LENGTH) return path;
      stack.push([item, [...path, Array.isArray(value) ? Number(key) : key]]);
    }
  }
  return null;
}

/** 400 naming the field when a string of an input (body, query, path) is longer than any field takes. */
export function refuseLongText(input: unknown): void {
  const path = longTextPath(input);
  if (!path) return;
  const field = path.join(".") || "_";
  throw fieldError(field, `${field} is too long (at most ${MAX_TEXT_LENGTH} characters)`);
}
