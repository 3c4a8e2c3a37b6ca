import "server-only";
import type { Permission } from "@/lib/auth/permissions";
import { rolesDisplay } from "@/lib/profile/roles";
import { HTTP_METHODS, rolesWith, type HttpMethod, type OpenApiDocument } from "./document";
import { shapesOf, typeLabel, type FieldRow, type JsonSchema } from "./fields";

/** The OpenAPI document as the /api-reference page shows it: groups by tag, operations with their fields. */

export type Access = { kind: "public" } | { kind: "signed-in" } | { kind: "permission"; permission: string; roles: string };

export interface ParameterRow extends FieldRow {
  in: "path" | "query";
}

export interface OperationView {
  /** The anchor of the operation on the page (its operationId). */
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  access: Access;
  parameters: ParameterRow[];
  /** The JSON body's shapes (one per variant of a union); null when the operation takes none. */
  body: FieldRow[][] | null;
  response: { status: number; description: string; contentType: string | null; type: string | null; shapes: FieldRow[][] };
  errors: { status: number; text: string }[];
}

export interface GroupView {
  id: string;
  /** The group's page: /api-reference/{slug}. */
  slug: string;
  name: string;
  description: string | null;
  operations: OperationView[];
}

interface ApiReference {
  title: string;
  version: string;
  base: string;
  /** Every error status the document knows, with what it means (the operations refer to these). */
  statuses: { status: number; text: string }[];
  groups: GroupView[];
}

interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  security: unknown[];
  "x-permission"?: Permission;
  parameters: { name: string; in: "path" | "query"; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { $ref?: string; description?: string; content?: Record<string, { schema: JsonSchema }> }>;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function accessOf(op: Operation): Access {
  const permission = op["x-permission"];
  if (permission) return { kind: "permission", permission, roles: rolesDisplay(rolesWith(permission)) };
  return op.security.length === 0 ? { kind: "public" } : { kind: "signed-in" };
}

const errorResponses = (doc: OpenApiDocument) => doc.components.responses as Record<string, { description: string }>;

function view(doc: OpenApiDocument, path: string, method: HttpMethod, op: Operation): OperationView {
  const components = doc.components.schemas;
  const errorText = (ref: string) => errorResponses(doc)[ref.split("/").pop() ?? ""]?.description ?? "";
  const [status, success] = Object.entries(op.responses).find(([, answer]) => !answer.$ref) ?? ["200", { description: "Success" }];
  const [contentType, media] = Object.entries(success.content ?? {})[0] ?? [null, null];
  const bodySchema = op.requestBody?.content["application/json"]?.schema;
  return {
    id: op.operationId,
    method,
    path,
    summary: op.summary,
    access: accessOf(op),
    parameters: op.parameters.map((p) => ({
      name: p.name,
      in: p.in,
      type: typeLabel(p.schema, components),
      required: p.required,
      ...(p.description ? { description: p.description } : {}),
    })),
    body: bodySchema ? shapesOf(bodySchema, components) : null,
    response: {
      status: Number(status),
      description: success.description ?? "",
      contentType,
      type: media ? typeLabel(media.schema, components) : null,
      shapes: media ? shapesOf(media.schema, components) : [],
    },
    errors: Object.entries(op.responses)
      .filter(([, answer]) => answer.$ref)
      .map(([code, answer]) => ({ status: Number(code), text: errorText(answer.$ref!) })),
  };
}

/** Every operation of the document, grouped by its first tag: the document's tag order, then any other tag. */
export function apiReference(doc: OpenApiDocument): ApiReference {
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const op = (item as Record<string, Operation | undefined>)[method.toLowerCase()];
      return op ? [{ tag: op.tags[0], view: view(doc, path, method, op) }] : [];
    }),
  );
  const described = new Map(doc.tags.map((t) => [t.name, t.description]));
  const names = [...new Set([...described.keys(), ...operations.map((o) => o.tag)])];
  const byPath = (a: OperationView, b: OperationView) => a.path.localeCompare(b.path) || HTTP_METHODS.indexOf(a.method) - HTTP_METHODS.indexOf(b.method);
  const groups = names
    .map((name) => ({
      id: `tag-${slug(name)}`,
      slug: slug(name),
      name,
      description: described.get(name) ?? null,
      operations: operations
        .filter((o) => o.tag === name)
        .map((o) => o.view)
        .sort(byPath),
    }))
    .filter((g) => g.operations.length > 0);
  const statuses = new Map(operations.flatMap((o) => o.view.errors.map((e) => [e.status, e.text] as const)));
  return {
    title: doc.info.title,
    version: doc.info.version,
    base: doc.servers[0].url,
    statuses: [...statuses].sort(([a], [b]) => a - b).map(([status, text]) => ({ status, text })),
    groups,
  };
}
