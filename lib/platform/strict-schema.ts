import { z } from "zod";

/*
 * zod objects strip keys they do not name, so a misspelt or renamed field (`name` for `nameLabel`)
 * was dropped without a word and the write answered 201. The API wrapper parses
 * every body through a strict copy of its schema instead: an unknown key is a 400 naming it. A copy,
 * not a rule every schema author must remember, and the services keep their own schemas as written.
 */

type Def = Record<string, unknown> & { type: string };
type Schema = z.ZodType & { _zod: { def: Def } };

const copies = new WeakMap<z.ZodType, z.ZodType>();

const isSchema = (value: unknown): value is Schema => value instanceof z.ZodType;
const same = (a: unknown, b: unknown) => a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]));

/** The schema with each object, however deep (optional, nullable, arrays, unions, records, pipes), refusing unknown keys. */
export function strictSchema<T extends z.ZodType>(schema: T): T {
  return strict(schema as unknown as Schema) as unknown as T;
}

function strict(schema: Schema): Schema {
  const known = copies.get(schema);
  if (known) return known as Schema;
  // Taken before the walk so that a schema reaching itself (z.lazy) ends on itself, not in a loop.
  copies.set(schema, schema);
  const def = schema._zod.def;
  const changes = changedParts(def);
  const copy = changes ? (schema.clone({ ...def, ...changes } as never, { parent: true } as never) as Schema) : schema;
  copies.set(schema, copy);
  return copy;
}

/** The parts of a schema's definition that differ in its strict copy, or null when none does. */
function changedParts(def: Def): Record<string, unknown> | null {
  const changes: Record<string, unknown> = {};
  if (def.type === "object") {
    const shape = def.shape as Record<string, Schema>;
    const strictShape = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, strict(value)]));
    if (Object.keys(shape).some((key) => strictShape[key] !== shape[key])) changes.shape = strictShape;
    // A declared catchall (z.looseObject, z.record-like objects) is the author's choice: kept.
    if (def.catchall === undefined) changes.catchall = z.never();
  } else if (def.type === "lazy") {
    const getter = def.getter as () => Schema;
    changes.getter = () => strict(getter());
  } else if (def.type === "pipe") {
    // The raw body reaches `in`; `out` sees it only after a preprocess, else it sees `in`'s output.
    const input = def.in as Schema;
    changes.in = strict(input);
    if (input._zod.def.type === "transform") changes.out = strict(def.out as Schema);
  } else {
    for (const [key, value] of Object.entries(def)) {
      if (isSchema(value)) changes[key] = strict(value);
      else if (Array.isArray(value) && value.every(isSchema)) changes[key] = value.map(strict);
    }
  }
  for (const key of Object.keys(changes)) if (same(changes[key], def[key])) delete changes[key];
  return Object.keys(changes).length ? changes : null;
}
