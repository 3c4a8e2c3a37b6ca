import { fieldError } from "./errors";

/**
 * NUL and the other control characters but tab and line breaks: PostgreSQL refuses NUL in text (a
 * 500 otherwise), and none of the others belongs in a field a person or a client fills in.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The path of the first string or key in a JSON value that holds a control character. */
function controlPath(value: unknown, path: string[]): string[] | null {
  if (typeof value === "string") return CONTROL.test(value) ? path : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    const found = CONTROL.test(key) ? [...path, key] : controlPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** 400 naming the field when any string in an input (body, query, path) holds a control character. */
export function refuseControlCharacters(input: unknown): void {
  const path = controlPath(input, []);
  if (!path) return;
  const field = path.join(".") || "_";
  throw fieldError(field, `${field} may not contain control characters`);
}
