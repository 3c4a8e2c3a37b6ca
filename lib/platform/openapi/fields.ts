/** JSON Schema (as the OpenAPI document holds it) turned into rows a person can read: name, type, required. */

export type JsonSchema = { [key: string]: unknown };

export interface FieldRow {
  /** Dotted path: `profileData.roles`, `parts[].etag`. */
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

/** zod writes the safe-integer range on every integer; it says nothing to a reader. */
const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;
/** Nested objects are expanded this deep; a self-referencing schema stops at the first repeat. */
const MAX_DEPTH = 4;

type Components = Record<string, JsonSchema>;

function resolve(schema: JsonSchema, components: Components): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  return components[ref.split("/").pop() ?? ""] ?? {};
}

function variants(schema: JsonSchema): JsonSchema[] | null {
  const list = schema.anyOf ?? schema.oneOf;
  return Array.isArray(list) ? (list as JsonSchema[]) : null;
}

const isNull = (schema: JsonSchema) => schema.type === "null";

/** The one non-null variant of a nullable schema (`X or null`), else the schema itself. */
function withoutNull(schema: JsonSchema, components: Components): JsonSchema {
  const list = variants(schema)?.filter((v) => !isNull(v));
  return resolve(list?.length === 1 ? list[0] : schema, components);
}

function bounds(schema: JsonSchema): string {
  const parts: string[] = [];
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength, maxLength } = schema;
  if (typeof minimum === "number" && minimum !== -SAFE_INTEGER) parts.push(`≥ ${minimum}`);
  if (typeof exclusiveMinimum === "number") parts.push(`> ${exclusiveMinimum}`);
  if (typeof maximum === "number" && maximum !== SAFE_INTEGER) parts.push(`≤ ${maximum}`);
  if (typeof exclusiveMaximum === "number") parts.push(`< ${exclusiveMaximum}`);
  if (typeof minLength === "number" && minLength > 0) parts.push(`min length ${minLength}`);
  if (typeof maxLength === "number") parts.push(`max length ${maxLength}`);
  return parts.length ? ` (${parts.join(", ")})` : "";
}

/** A short type: `integer`, `string or null`, `array of object`, `"ok" | "degraded"`. */
export function typeLabel(input: JsonSchema, components: Components): string {
  const schema = resolve(input, components);
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const list = variants(schema);
  if (list) return [...new Set(list.map((v) => typeLabel(v, components)))].join(" or ");
  if (Array.isArray(schema.type)) return schema.type.map((t) => typeLabel({ ...schema, type: t }, components)).join(" or ");
  switch (schema.type) {
    case "array":
      return schema.items ? `array of ${typeLabel(schema.items as JsonSchema, components)}` : "array";
    case "object": {
      const values = schema.additionalProperties;
      if (!schema.properties && values && typeof values === "object") {
        const label = typeLabel(values as JsonSchema, components);
        return `map of ${label === "any" ? "any value" : label}`;
      }
      return "object";
    }
    case "string":
      return `string${typeof schema.format === "string" ? ` (${schema.format})` : ""}${bounds(schema)}`;
    case "integer":
    case "number":
      return `${schema.type}${bounds(schema)}`;
    case undefined:
      return "any";
    default:
      return String(schema.type);
  }
}

/** The properties of an object schema, with nested objects and arrays of objects expanded under dotted names. */
function fieldRows(input: JsonSchema, components: Components, prefix = "", seen: ReadonlySet<string> = new Set()): FieldRow[] {
  const schema = resolve(input, components);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).flatMap(([key, property]) => {
    const name = `${prefix}${key}`;
    const inner = withoutNull(property, components);
    const description = (property.description ?? inner.description) as string | undefined;
    const row: FieldRow = { name, type: typeLabel(property, components), required: required.has(key), ...(description ? { description } : {}) };
    const ref = typeof property.$ref === "string" ? property.$ref : null;
    if ((ref && seen.has(ref)) || prefix.split(".").length > MAX_DEPTH) return [row];
    const next = ref ? new Set([...seen, ref]) : seen;
    if (inner.properties) return [row, ...fieldRows(inner, components, `${name}.`, next)];
    const items = inner.type === "array" && inner.items ? withoutNull(inner.items as JsonSchema, components) : null;
    if (items?.properties) return [row, ...fieldRows(items, components, `${name}[].`, next)];
    return [row];
  });
}

/**
 * The shapes a body may take: one list of rows for an object, one per object variant of a union
 * (GET /logout answers a message or a session). Empty when the body is not an object (then its type says it).
 */
export function shapesOf(input: JsonSchema, components: Components): FieldRow[][] {
  const schema = resolve(input, components);
  const list = variants(schema)?.map((v) => resolve(v, components));
  if (list?.every((v) => v.properties)) return list.map((v) => fieldRows(v, components));
  return schema.properties ? [fieldRows(schema, components)] : [];
}
