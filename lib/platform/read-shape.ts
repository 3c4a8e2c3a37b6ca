import type { z } from "zod";

/*
 * Writes take what reads return. An integrator reads a record, changes a field and writes it back
 * with everything the read gave: its id's parents, createdAt, status and the other fields only the
 * server sets. Those keys of the route's own answer (the resource's read shape) that its body does not
 * take are set aside before the strict parse, so they are neither refused nor written. Any other
 * unknown key is still a 400 naming it; a field a write takes under another name is an alias in the
 * body's schema (it carries a value, so it is never set aside here).
 */

type Def = { type: string; [key: string]: unknown };
type Shape = Record<string, z.ZodType>;

const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** The keys of the object a schema takes or answers (through optional, nullable, pipes, unions); null when it is no object. */
function shapeOf(schema: z.ZodType | undefined): Shape | null {
  if (!schema) return null;
  const def = defOf(schema);
  switch (def.type) {
    case "object":
      return def.shape as Shape;
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
    case "nonoptional":
    case "catch":
      return shapeOf(def.innerType as z.ZodType);
    case "pipe":
      return shapeOf(def.in as z.ZodType) ?? shapeOf(def.out as z.ZodType);
    case "union": {
      const shapes = (def.options as z.ZodType[]).map(shapeOf).filter((s): s is Shape => s !== null);
      return shapes.length ? Object.assign({}, ...shapes.reverse()) : null;
    }
    default:
      return null;
  }
}

/** A list's element (`{ items: [...] }` answers items), else the schema itself. */
const elementOf = (schema: z.ZodType | undefined) => (schema && defOf(schema).type === "array" ? (defOf(schema).element as z.ZodType) : schema);

/** The record of an answer: `{ region: {...} }` or `{ items: [...] }`; an answer without such a key is the record itself. */
function recordShape(response: Shape, key?: string): Shape | null {
  if (key) return shapeOf(response[key]);
  const records = Object.values(response)
    .map((value) => shapeOf(elementOf(value)))
    .filter((s): s is Shape => s !== null && "id" in s);
  return records.length === 1 ? records[0] : "id" in response ? response : null;
}

/**
 * The record of a route's answer. An answer of either of two shapes (PUT /users: an admin's edit, or
 * one's own profile) holds the keys of both records; one answer holding two records (a student and
 * an enrollment) names no single record at its top.
 */
function recordOf(response: z.ZodType): Shape | null {
  const def = defOf(response);
  if (def.type === "union") {
    const records = (def.options as z.ZodType[]).map(recordOf).filter((s): s is Shape => s !== null);
    return records.length ? Object.assign({}, ...records) : null;
  }
  const shape = shapeOf(response);
  return shape && recordShape(shape);
}

/** Keys to set aside: the read's keys that the body does not name. */
function readOnlyKeys(body: Shape, record: Shape | null): Set<string> {
  return new Set(Object.keys(record ?? {}).filter((key) => !(key in body)));
}

/**
 * The body without the read-only keys of the route's record (top level, and inside a body key that
 * wraps the record as the answer does: `{ student }`). Null when the route's schemas give none.
 */
export function readShapeFilter(body: z.ZodType | undefined, response: z.ZodType | undefined): ((raw: unknown) => unknown) | null {
  const bodyShape = shapeOf(body);
  const responseShape = shapeOf(response);
  if (!bodyShape || !responseShape) return null;
  const top = readOnlyKeys(bodyShape, recordOf(response!));
  const nested = new Map(
    Object.keys(bodyShape)
      .filter((key) => shapeOf(bodyShape[key]) && shapeOf(responseShape[key]))
      .map((key) => [key, readOnlyKeys(shapeOf(bodyShape[key])!, recordShape(responseShape, key))] as const),
  );
  if (top.size === 0 && [...nested.values()].every((keys) => keys.size === 0)) return null;
  const without = (value: unknown, keys: Set<string>) =>
    value && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).filter(([key]) => !keys.has(key))) : value;
  return (raw) => {
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
    const kept = without(raw, top) as Record<string, unknown>;
    for (const [key, keys] of nested) if (key in kept) kept[key] = without(kept[key], keys);
    return kept;
  };
}
