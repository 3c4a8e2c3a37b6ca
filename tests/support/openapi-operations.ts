import { NextRequest } from "next/server";
import type { RouteHandler } from "@/lib/platform/api";
import { openApiDocument } from "@/app/en/api/v1/_registry/document";
import { API_ROUTES } from "@/app/en/api/v1/_registry/routes";
import { HTTP_METHODS, type JsonSchema } from "@/lib/platform/openapi/document";
import { BASE } from "./api";

/*
 * The operations of the OpenAPI document, as the generated tests (fuzz, partial updates, round
 * trips) walk them: each with its handler, its parameters and its body schema, and a way to call it
 * with any body text and content type. A route added to the document is walked with no change here.
 */

type Parameter = { name: string; in: "path" | "query"; required: boolean; schema: JsonSchema };

export interface Operation {
  method: string;
  path: string;
  handler: RouteHandler;
  public: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: JsonSchema;
}

const doc = openApiDocument();

/** A `$ref` into components.schemas, followed (however many times). */
export function resolve(schema: JsonSchema | undefined): JsonSchema {
  let current = schema ?? {};
  while (typeof current.$ref === "string") current = doc.components.schemas[current.$ref.split("/").pop()!] ?? {};
  return current;
}

export function operations(): Operation[] {
  const modules = new Map(API_ROUTES.map((r) => [r.path, r.module]));
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((m) => m.toLowerCase() in item).map((method) => {
      const op = (item as Record<string, { security: unknown[]; parameters: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>)[
        method.toLowerCase()
      ];
      return {
        method,
        path,
        handler: modules.get(path)![method] as RouteHandler,
        public: op.security.length === 0,
        pathParams: op.parameters.filter((p) => p.in === "path"),
        queryParams: op.parameters.filter((p) => p.in === "query"),
        body: op.requestBody ? resolve(op.requestBody.content["application/json"].schema) : undefined,
      };
    }),
  );
}

export const label = (op: Pick<Operation, "method" | "path">) => `${op.method} ${op.path}`;

/** The JSON types a schema accepts (none listed: anything). */
export function jsonTypes(schema: JsonSchema): Set<string> | null {
  const s = resolve(schema);
  const options = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (options) {
    const sets = options.map(jsonTypes);
    if (sets.some((t) => t === null)) return null;
    return new Set(sets.flatMap((t) => [...t!]));
  }
  if ("const" in s) return new Set([s.const === null ? "null" : typeof s.const === "object" ? "object" : typeof s.const]);
  if (Array.isArray(s.enum)) return new Set(s.enum.map((v) => (v === null ? "null" : typeof v)));
  if (s.type === undefined) return null;
  const types = new Set((Array.isArray(s.type) ? s.type : [s.type]) as string[]);
  if (types.has("integer")) types.add("number");
  return types;
}

const ID_NAME = /(^id$|Id$|Ids$|^ids$)/;
/** An id that names no record in any test database. */
export const MISSING_ID = 999_999;

/** A value the schema's shape takes, with ids that name nothing: the body a client could send. */
export function sample(schema: JsonSchema, name = ""): unknown {
  const s = resolve(schema);
  const options = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (options) return sample(options.find((o) => resolve(o).type !== "null") ?? options[0], name);
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== "null") : (s.type as string | undefined);
  switch (type) {
    case "object": {
      const required = (s.required as string[] | undefined) ?? [];
      const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(required.filter((k) => properties[k]).map((k) => [k, sample(properties[k], k)]));
    }
    case "array": {
      const min = (s.minItems as number | undefined) ?? 0;
      return Array.from({ length: min }, () => sample((s.items ?? {}) as JsonSchema, name.replace(/s$/, "")));
    }
    case "integer":
    case "number": {
      if (ID_NAME.test(name)) return MISSING_ID;
      const min = (s.minimum as number | undefined) ?? (s.exclusiveMinimum as number | undefined) ?? 1;
      return Math.min(Math.max(min, 1), (s.maximum as number | undefined) ?? Infinity);
    }
    case "boolean":
      return false;
    case "string": {
      if (s.format === "date-time") return "2026-01-01T00:00:00.000Z";
      if (s.format === "date") return "2026-01-01";
      if (s.format === "email") return "nobody@example.org";
      if (ID_NAME.test(name) || (typeof s.pattern === "string" && s.pattern.includes("\\d"))) return String(MISSING_ID);
      return "x".repeat(Math.max(1, (s.minLength as number | undefined) ?? 1));
    }
    default:
      return null;
  }
}

/** A JSON value of a type the schema does not accept, or undefined when it accepts any. */
export function wrongTypeFor(schema: JsonSchema): unknown {
  const types = jsonTypes(schema);
  if (!types) return undefined;
  const candidates: [string, unknown][] = [
    ["object", { zz: 1 }],
    ["array", [[1]]],
    ["boolean", true],
    ["number", 1.5],
    ["string", "zz-not-valid"],
    ["null", null],
  ];
  return candidates.find(([type]) => !types.has(type) && !(type === "number" && types.has("integer") && !types.has("number")))?.[1];
}

export interface Send {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** The body as text, sent as is. */
  text?: string;
  contentType?: string;
  token?: string;
  /** Read a success answer too (never a stream's). */
  read?: boolean;
}

/**
 * Call the operation in-process. A success answer's body is cancelled unless `read`: a stream (the
 * notifications' server-sent events) never ends.
 */
export async function send(op: Operation, options: Send = {}) {
  const params = options.params ?? {};
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? String(MISSING_ID)));
  const url = new URL(`/en/api/v1${path}`, BASE);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers = new Headers({ "x-forwarded-for": "203.0.113.50" });
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.text !== undefined) headers.set("content-type", options.contentType ?? "application/json");
  const req = new NextRequest(url, { method: op.method, headers, body: options.text });
  const routeParams = Object.fromEntries(op.pathParams.map((p) => [p.name, params[p.name] ?? String(MISSING_ID)]));
  const res = await op.handler(req, { params: Promise.resolve(routeParams) });
  if (res.status < 400 && !options.read) {
    await res.body?.cancel();
    return { status: res.status, body: null as unknown };
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the assertion on `message` names it.
  }
  return { status: res.status, body };
}
