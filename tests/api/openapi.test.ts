import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GET as openApiGet } from "@/app/en/api/v1/openapi.json/route";
import { openApiDocument } from "@/app/en/api/v1/_registry/document";
import { API_ROUTES } from "@/app/en/api/v1/_registry/routes";
import { HTTP_METHODS } from "@/lib/platform/openapi/document";
import { routeSpecOf } from "@/lib/platform/openapi/route-spec";
import { call } from "../support/api";

const API_DIR = path.resolve("app/en/api/v1");
/** Route files that are not operations: the catch-all answers a JSON 404 for paths that do not exist. */
const NOT_OPERATIONS = new Set(["/{...path}"]);
/** Success answers without a body: a redirect to the file, and an uploaded part (its ETag is a header). */
const NO_BODY = [
  "get /downloads/{slot}/file",
  "get /score-sheet/{id}/download",
  "put /storage/parts",
  "get /assessments/{id}/items/{itemId}/resources/{resourceId}/download",
];

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** app/en/api/v1/users/[id]/organizations/route.ts → /users/{id}/organizations */
const openApiPath = (file: string) => `/${path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/")}`.replace(/\[([^\]]+)\]/g, "{$1}");

const doc = openApiDocument();
type Operation = {
  summary?: string;
  security: unknown[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: unknown;
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
};
const operation = (p: string, method: string) => (doc.paths[p] as Record<string, Operation> | undefined)?.[method.toLowerCase()];

describe("the OpenAPI document", () => {
  it("has every route file and every method it exports, and lists nothing that is not on disk", async () => {
    const files = routeFiles(API_DIR).filter((f) => !NOT_OPERATIONS.has(openApiPath(f)));
    expect(files.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const file of files) {
      const routeModule = (await import(file)) as Record<string, unknown>;
      const methods = HTTP_METHODS.filter((m) => m in routeModule);
      expect(methods.length, `${file} exports no HTTP method`).toBeGreaterThan(0);
      for (const method of methods) {
        // A handler not made by apiRoute/publicRoute would carry no schemas to describe.
        expect(routeSpecOf(routeModule[method]), `${method} ${file} is not made by apiRoute/publicRoute`).toBeDefined();
        if (!operation(openApiPath(file), method)) missing.push(`${method} ${openApiPath(file)}`);
      }
    }
    expect(missing, "add these routes to app/en/api/v1/_registry/routes.ts (or its area's routes-<area>.ts)").toEqual([]);
    expect(API_ROUTES.map((r) => r.path).sort()).toEqual(files.map(openApiPath).sort());
  });

  it("is OpenAPI 3.1 with bearer-jwt and session-cookie security, and public routes open", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: "/en/api/v1" }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie", name: "next-auth.session-token" });
    expect(operation("/race-codes", "GET")!.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(operation("/login", "POST")!.security).toEqual([]);
  });

  it("describes every operation: summary, path parameters in {name} form, JSON answers with a schema", () => {
    for (const [p, item] of Object.entries(doc.paths)) {
      expect(p).not.toMatch(/[[\]:]/);
      const names = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
        expect(op.summary, `${method} ${p}`).toBeTruthy();
        expect(
          op.parameters.filter((x) => x.in === "path").map((x) => x.name),
          `${method} ${p}`,
        ).toEqual(names);
        const [status, answer] = Object.entries(op.responses)[0];
        if (answer.content) expect(Object.values(answer.content)[0].schema, `${method} ${p}`).toBeTruthy();
        else expect(NO_BODY, `${method} ${p} (${status}) declares no response`).toContain(`${method} ${p}`);
      }
    }
  });

  it("documents the request's body and query from the routes' own zod schemas", () => {
    const login = operation("/login", "POST")!;
    expect(login.requestBody).toMatchObject({ content: { "application/json": { schema: { type: "object", required: ["username", "password"] } } } });
    const districts = operation("/districts", "GET")!;
    expect(districts.parameters).toEqual([
      expect.objectContaining({ name: "parentId", in: "query", required: false }),
      expect.objectContaining({
        name: "active",
        in: "query",
        required: false,
        schema: expect.objectContaining({ enum: expect.arrayContaining(["1", "true"]) }),
      }),
    ]);
    const me = operation("/login/me", "GET")!.responses["200"].content!["application/json"].schema;
    expect(me).toMatchObject({
      properties: { profileData: { $ref: "#/components/schemas/ProfileData" }, jwt: { type: "string" }, impersonated: { type: "boolean" } },
    });
    expect(doc.components.schemas.ProfileData).toMatchObject({ type: "object", properties: { roles: { type: "array" } } });
  });

  it("answers errors in the { message, errors? } shape, with the statuses each route can give", () => {
    expect(doc.components.schemas.Error).toMatchObject({
      type: "object",
      required: ["message"],
      properties: { message: { type: "string" }, errors: { type: "array" } },
    });
    const statuses = (p: string, m: string) => Object.keys(operation(p, m)!.responses).map(Number);
    expect(statuses("/race-codes", "GET")).toEqual([200, 401, 500]);
    expect(statuses("/school-years", "POST")).toEqual([201, 400, 401, 403, 409, 415, 500]);
    expect(statuses("/districts/{id}", "GET")).toEqual([200, 400, 401, 404, 500]);
    expect(statuses("/login", "POST")).toEqual(expect.arrayContaining([400, 401, 403, 423, 429]));
    expect(operation("/school-years", "POST")!.responses["403"]).toEqual({ $ref: "#/components/responses/Forbidden" });
    for (const response of Object.values(doc.components.responses)) {
      expect(response.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    }
  });

  it("names the permission and the roles that hold it", () => {
    const invite = operation("/users/{id}/registration-invite", "POST") as Operation & { "x-permission": string; description: string };
    expect(invite["x-permission"]).toBe("users.invite");
    expect(invite.description).toContain("ROLE_TENANT_ADMIN");
  });
});

describe("GET /openapi.json", () => {
  it("serves the document to anyone, cacheable", async () => {
    const res = await call(openApiGet, "GET", "/en/api/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.body).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
