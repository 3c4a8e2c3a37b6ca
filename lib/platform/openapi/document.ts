import "server-only";
import { z } from "zod";
import { ROLES, type Role } from "@/db/schema/identity";
import { can, type Permission } from "@/lib/auth/permissions";
import { MESSAGES } from "@/lib/platform/errors";
import { errorResponse } from "@/lib/platform/schemas";
import { sessionCookieName } from "@/lib/platform/session-token";
import { routeSpecOf, type RouteSpec } from "./route-spec";
import type { ApiRouteModule } from "./route-module";

/** Built from the routes' own zod schemas (zod 4's z.toJSONSchema; JSON Schema 2020-12 is OpenAPI 3.1's dialect). */

const API_BASE = "/en/api/v1";
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type JsonSchema = { [key: string]: unknown };

/** The reference page's groups, in this order; a tag not listed here follows them. */
const TAGS = [
  { name: "Auth and profile", description: "Sign-in, sessions, impersonation, password recovery and one's own profile." },
  { name: "Organisations", description: "The regions, districts and locations of the caller's tenant, within the caller's reach." },
  { name: "Users", description: "Other people's accounts: organisation links and invitations." },
  { name: "Students", description: "Students within the administrator's reach: paged search, state id lookup, create and edit." },
  {
    name: "Enrollments",
    description:
      "A student's enrollments (custom fields, point of authority), their data-collection assignments and ISR list, within the administrator's reach.",
  },
  {
    name: "Rosters",
    description: "Which teachers of a location have which students (enrollment associations): list, available students, assign and unassign.",
  },
  {
    name: "Transfers",
    description:
      "Student transfers between locations (requested by the sending side, decided by the receiving side), merging duplicate students, and the audit trail.",
  },
  { name: "Collections", description: "Data collections (assessment windows) as a teacher or administrator works in them." },
  {
    name: "Collections administration",
    description:
      "Building collections (dates, item sets and items, supports, scoring rules), their assignments to regions, districts and locations, field tests and the per-level listings.",
  },
  { name: "Announcements", description: "Tenant-wide announcements with start and end dates: administrators manage them, teachers read the active ones." },
  {
    name: "Notifications",
    description: "One's own notifications: list, acknowledge, remove, and the live connection (server-sent events, or Pusher's private channel).",
  },
  {
    name: "Data displays",
    description:
      "Results by performance level and domain (a teacher's class; an admin's reach, state down to class) and the saved filters of the display pages.",
  },
  { name: "Reports", description: "Report requests (polled until 'complete'), one's reports and their archive, downloads, and the tenant's job counts." },
  {
    name: "ISRs",
    description:
      "Individual student reports (the parent page, English or Spanish): requests for a child, a school or a collection, their progress, clearing, and the merged PDF.",
  },
  {
    name: "System administration",
    description:
      "System administrators across tenants: the assessment editor (hierarchy, scales, items, entries, resources, export and import), acknowledgements, tenants and tenant admins, tenant integrations and their licenses.",
  },
  { name: "Lookups", description: "Race codes, tenant fields, assessments and school years." },
  {
    name: "Bulk loads",
    description:
      "Students with their enrollments loaded from a CSV or XLSX file: templates, the load (a job that checks every row), its progress, and the results file naming each refused row.",
  },
  {
    name: "OneRoster",
    description:
      "OneRoster 1.2 CSV rosters: a district's or the state's bundle is checked whole, its dry run shows what would change and what is refused, then it is applied.",
  },
  { name: "Files", description: "Downloads and the multipart upload protocol (presigned part URLs, then complete)." },
  { name: "Platform", description: "Health and this document." },
];

const ERROR_NAMES: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  409: "Conflict",
  413: "PayloadTooLarge",
  415: "UnsupportedMediaType",
  423: "Locked",
  429: "TooManyRequests",
  500: "ServerError",
};

const ERROR_TEXT: Record<number, string> = {
  400: "The input is not valid: `errors` names each field",
  401: `No valid session (\`${MESSAGES[401]}\`)`,
  403: "The caller lacks the permission, or a cookie session's change came from another site",
  404: "Not found, or not within the caller's tenant and reach",
  405: "Not for this kind of session (a browser's cookie logs out with POST /sign-out)",
  409: MESSAGES[409],
  413: "The request body is too large",
  415: "The request body is not JSON (send content-type: application/json)",
  423: "The account is locked",
  429: "Too many attempts: wait and try again",
  500: MESSAGES[500],
};

/** Roles that hold a permission, for people reading the reference (the table itself stays private). */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((role) => can({ roles: [role] }, permission));
}

/** Point zod's local `$defs` references at the document's shared components. */
function toComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toComponentRefs);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === "$ref" && typeof v === "string" ? v.replace("#/$defs/", "#/components/schemas/") : toComponentRefs(v)]),
  );
}

/** One zod schema as JSON Schema; named parts (`.meta({ id })`) go to components.schemas. */
function jsonSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  // unrepresentable "any": a transform's output has no JSON Schema; the document then says nothing about it.
  const { $schema: _dialect, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) components[id] = toComponentRefs(def) as JsonSchema;
  return toComponentRefs(rest) as JsonSchema;
}

function parameters(schema: z.ZodType | undefined, where: "path" | "query", components: Record<string, JsonSchema>) {
  if (!schema) return [];
  const object = jsonSchema(schema, "input", components);
  const required = new Set((object.required as string[] | undefined) ?? []);
  return Object.entries((object.properties ?? {}) as Record<string, JsonSchema>).map(([name, { description, ...property }]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    ...(description ? { description } : {}),
    schema: property,
  }));
}

/** The error statuses an operation can answer, from what the wrapper does with its spec. */
function errorStatuses(spec: RouteSpec, method: HttpMethod): number[] {
  const statuses = new Set(spec.errors ?? []);
  if (spec.query || spec.body || spec.params) statuses.add(400);
  if (spec.body) statuses.add(415);
  if (spec.auth === "required") statuses.add(401);
  if (spec.permission || (spec.auth === "required" && method !== "GET")) statuses.add(403);
  if (spec.params) statuses.add(404);
  if (method !== "GET") statuses.add(409);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}

function success(spec: RouteSpec, components: Record<string, JsonSchema>) {
  const status = spec.status ?? 200;
  const description = status === 302 ? "A redirect: the file is at the `Location` URL" : status === 201 ? "Created" : "Success";
  if (spec.response) return { [status]: { description, content: { "application/json": { schema: jsonSchema(spec.response, "output", components) } } } };
  if (spec.content) return { [status]: { description, content: { [spec.content]: { schema: { type: "string", format: "binary" } } } } };
  return { [status]: { description } };
}

function operationId(method: HttpMethod, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}

function operation(route: ApiRouteModule, method: HttpMethod, spec: RouteSpec, components: Record<string, JsonSchema>) {
  const permission = spec.permission ? `Needs the permission \`${spec.permission}\` (roles: ${rolesWith(spec.permission).join(", ")}).` : null;
  return {
    operationId: operationId(method, route.path),
    summary: spec.summary,
    ...(permission ? { description: permission, "x-permission": spec.permission } : {}),
    tags: spec.tags ?? [route.path.split("/")[1]],
    // Public routes need no credentials; the others take either the bearer jwt or the session cookie.
    security: spec.auth === "required" ? [{ bearerAuth: [] }, { sessionCookie: [] }] : [],
    parameters: [...parameters(spec.params, "path", components), ...parameters(spec.query, "query", components)],
    ...(spec.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(spec.body, "input", components) } } } } : {}),
    responses: {
      ...success(spec, components),
      ...Object.fromEntries(errorStatuses(spec, method).map((s) => [s, { $ref: `#/components/responses/${ERROR_NAMES[s]}` }])),
    },
  };
}

/** Each exported method of a route module that the wrapper made, with its spec. */
function operationsOf(route: ApiRouteModule): { method: HttpMethod; spec: RouteSpec }[] {
  return HTTP_METHODS.flatMap((method) => {
    const spec = routeSpecOf(route.module[method]);
    return spec ? [{ method, spec }] : [];
  });
}

/**
 * The OpenAPI 3.1 document of the given route modules. The list is the registry beside the routes
 * (app/en/api/v1/_registry/routes.ts; lib never imports app), which also keeps the one built copy.
 */
export function buildOpenApiDocument(routes: readonly ApiRouteModule[]) {
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    for (const { method, spec } of operationsOf(route)) {
      paths[route.path] = { ...paths[route.path], [method.toLowerCase()]: operation(route, method, spec, components) };
    }
  }
  const error = jsonSchema(errorResponse, "output", components);
  return {
    openapi: "3.1.0",
    info: {
      title: "Assessment Platform API",
      version: "v1",
      description:
        "Sign in with POST /login and send the answered `jwt` as `Authorization: Bearer <jwt>` on every call. Dates are unix seconds. Every error answers `{ message, errors? }`.",
    },
    servers: [{ url: API_BASE }],
    tags: TAGS,
    paths,
    components: {
      schemas: components,
      responses: Object.fromEntries(
        Object.entries(ERROR_NAMES).map(([status, name]) => [
          name,
          { description: ERROR_TEXT[Number(status)], content: { "application/json": { schema: error } } },
        ]),
      ),
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The `jwt` of POST /login" },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: sessionCookieName(),
          description: "The browser's session cookie (changes need a same-site Origin)",
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
