import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Conventions } from "@/components/api-reference/guide";
import { IndexNav } from "@/components/api-reference/index-nav";
import { Operation } from "@/components/api-reference/operation";
import { openApiDocument } from "@/app/en/api/v1/_registry/document";
import { HTTP_METHODS } from "@/lib/platform/openapi/document";
import { apiReference, type OperationView } from "@/lib/platform/openapi/reference";

const doc = openApiDocument();
const reference = apiReference(doc);
const operations = reference.groups.flatMap((g) => g.operations);
const find = (method: string, path: string) => operations.find((o) => o.method === method && o.path === path)!;

type DocOperation = { operationId: string; tags: string[]; security: unknown[]; requestBody?: unknown; responses: Record<string, { $ref?: string }> };
const docOperations = Object.entries(doc.paths).flatMap(([path, item]) =>
  HTTP_METHODS.flatMap((method) => {
    const op = (item as Record<string, DocOperation | undefined>)[method.toLowerCase()];
    return op ? [{ method, path, op }] : [];
  }),
);

describe("the API reference's data", () => {
  it("shows every operation of the OpenAPI document once, under its tag, in the document's tag order", () => {
    expect(docOperations.length).toBeGreaterThan(25);
    expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(docOperations.map((o) => `${o.method} ${o.path}`).sort());
    for (const { method, path, op } of docOperations) {
      const group = reference.groups.find((g) => g.operations.some((o) => o.method === method && o.path === path))!;
      expect(group.name, `${method} ${path}`).toBe(op.tags[0]);
      expect(find(method, path).id).toBe(op.operationId);
    }
    expect(reference.groups.map((g) => g.name)).toEqual(doc.tags.map((t) => t.name));
    expect(reference.base).toBe("/en/api/v1");
  });

  it("gives each operation a unique anchor, a summary, who may call it, its body, its answer and its error statuses", () => {
    const anchors = [...operations.map((o) => o.id), ...reference.groups.map((g) => g.id), "authentication", "conventions"];
    expect(new Set(anchors).size).toBe(anchors.length);
    for (const { method, path, op } of docOperations) {
      const view = find(method, path);
      expect(view.summary, `${method} ${path}`).toBeTruthy();
      expect(view.access.kind === "public", `${method} ${path}`).toBe(op.security.length === 0);
      expect(view.body !== null, `${method} ${path}`).toBe(Boolean(op.requestBody));
      const errors = Object.entries(op.responses)
        .filter(([, r]) => r.$ref)
        .map(([s]) => Number(s));
      expect(view.errors.map((e) => e.status)).toEqual(errors);
      for (const e of view.errors) expect(e.text, `${e.status} of ${method} ${path}`).toBeTruthy();
    }
  });

  it("names the permission and its roles, or says a route is public or open to any signed-in person", () => {
    expect(find("POST", "/users/{id}/registration-invite").access).toEqual({
      kind: "permission",
      permission: "users.invite",
      roles: expect.stringContaining("Tenant Admin"),
    });
    expect(find("POST", "/school-years").access).toEqual({ kind: "permission", permission: "system.schoolYears", roles: "System Admin" });
    expect(find("POST", "/login").access).toEqual({ kind: "public" });
    expect(find("GET", "/race-codes").access).toEqual({ kind: "signed-in" });
  });

  it("lists request fields and answer keys with their types, nested ones under dotted names", () => {
    expect(find("POST", "/login").body).toEqual([
      [
        expect.objectContaining({ name: "username", type: "string (min length 1, max length 254)", required: true }),
        expect.objectContaining({ name: "password", required: true }),
      ],
    ]);
    const answer = find("POST", "/login").response;
    expect(answer).toMatchObject({ status: 200, contentType: "application/json" });
    const keys = answer.shapes[0].map((row) => row.name);
    expect(keys).toEqual(expect.arrayContaining(["profileData", "profileData.roles", "profileData.tenants.message", "jwt"]));
    expect(answer.shapes[0].find((row) => row.name === "profileData.tenantMemberId")).toMatchObject({ type: "string or null", required: true });
    expect(find("GET", "/districts").parameters).toEqual([
      expect.objectContaining({ name: "parentId", in: "query", required: false }),
      expect.objectContaining({ name: "active", in: "query", required: false }),
    ]);
    const upload = find("POST", "/system/create-multipart-upload");
    expect(upload.body![0].find((row) => row.name === "size")).toMatchObject({ type: "integer (> 0, ≤ 2147483648)", required: true });
    expect(upload.response.shapes[0].map((row) => row.name)).toEqual(expect.arrayContaining(["parts", "parts[].partNumber", "parts[].url"]));
  });

  it("shows each shape of a union answer, and the type of an answer that is not a JSON object", () => {
    const logout = find("GET", "/logout").response.shapes;
    expect(logout).toHaveLength(2);
    expect(logout[0].map((row) => row.name)).toEqual(["message"]);
    expect(logout[1].map((row) => row.name)).toEqual(expect.arrayContaining(["profileData", "jwt", "impersonated"]));
    expect(find("GET", "/storage/download").response).toMatchObject({ contentType: "application/octet-stream", type: "string (binary)", shapes: [] });
    expect(find("GET", "/downloads/{slot}/file").response).toMatchObject({ status: 302, contentType: null, shapes: [] });
  });
});

describe("the API reference's markup", () => {
  const html = (element: ReturnType<typeof createElement>) => renderToStaticMarkup(element);

  it("links every group's page from the index, and on a group's page each of its operations to its section", () => {
    const overview = html(createElement(IndexNav, { groups: reference.groups }));
    expect(overview).not.toContain('href="#');
    for (const group of reference.groups) {
      expect(overview).toContain(`href="/api-reference/${group.slug}"`);
      const index = html(createElement(IndexNav, { groups: reference.groups, current: group }));
      expect(index).toMatch(new RegExp(`<a aria-current="page"[^>]*href="/api-reference/${group.slug}"`));
      for (const op of group.operations) {
        expect(index).toContain(`href="#${op.id}"`);
        const section = html(createElement(Operation, { op }));
        expect(section).toContain(`id="${op.id}"`);
        expect(section).toMatch(new RegExp(`<h3 id="${op.id}-title"[^>]*>.*${op.method}.*${op.path.replace(/[{}]/g, "\\$&")}`));
      }
    }
    expect(new Set(reference.groups.map((g) => g.slug)).size).toBe(reference.groups.length);
  });

  it("gives every table a caption and column headers, and each row a header cell", () => {
    const sections = [
      ...operations.map((op: OperationView) => html(createElement(Operation, { op }))),
      html(createElement(Conventions, { base: reference.base, statuses: reference.statuses })),
    ];
    for (const section of sections) {
      const tables = section.match(/<table[\s\S]*?<\/table>/g) ?? [];
      expect(tables.length).toBeGreaterThan(0);
      for (const table of tables) {
        expect(table).toMatch(/<caption[^>]*>[^<]+/);
        expect(table).toContain('scope="col"');
        const rows = table.split("<tbody>")[1].match(/<tr[\s\S]*?<\/tr>/g) ?? [];
        for (const row of rows) expect(row).toContain('scope="row"');
      }
    }
  });
});
