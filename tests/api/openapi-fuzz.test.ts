import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as integrationsPost } from "@/app/en/api/v1/tenant-integrations/route";
import { db } from "@/db/client";
import { dataCollectionSets, tenants } from "@/db/schema";
import type { JsonSchema } from "@/lib/platform/openapi/document";
import { call, tokenFor } from "../support/api";
import { demoWorld } from "../support/demo-world";
import { jsonTypes, label, operations, resolve, sample, send, wrongTypeFor, type Operation, type Send } from "../support/openapi-operations";
import { installWriteLog, takeWrites } from "../support/write-log";

/*
 * Every operation of the OpenAPI document, fed what a careless or hostile client sends: wrong types,
 * missing and unknown keys, 100 KB strings, NUL and control characters, bad ids, invalid JSON, JSON
 * nested 10,000 deep, a wrong content type. Each must answer a 4xx with a message and write nothing.
 * Generated from the document, so a new route is fuzzed the day it is listed there.
 */

/**
 * The session rows of the tokens made here, and the audit of a system administrator's read across
 * tenants: an attempt is recorded before the read, found or not (a probe of ids is what it is for).
 */
const NOT_WRITES = ["auth_sessions", "audit_log insert cross_tenant_read"];

const LONG = "x".repeat(100_000);
const CONTROL = "a\u0000b\u001b[31m";
const DEEP = `{"a":${"[".repeat(10_000)}${"]".repeat(10_000)}}`;
const BAD_IDS = ["abc", "0", "-1", "1.5", "0x10", "99999999999", CONTROL, LONG];

interface Case extends Send {
  name: string;
  /** The exact status when the case calls for one; else any 4xx. */
  status?: number;
  /** A field the answer's `errors` must name. */
  names?: string;
}

const show = (value: string) => JSON.stringify(value.length > 20 ? `${value.slice(0, 10)}…(${value.length})` : value);
const isObject = (schema: JsonSchema) => jsonTypes(schema)?.has("object") && !jsonTypes(schema)?.has("string");
/** Accepts a string: a 100 KB one or one with control characters is worth trying. */
const takesText = (schema: JsonSchema) => jsonTypes(schema)?.has("string") ?? true;
/** A query value whose text is constrained (a number, a flag, an enum, a pattern): a free word is wrong for it. */
const constrainedText = (schema: JsonSchema) => {
  const s = resolve(schema);
  const types = jsonTypes(s);
  return (
    Array.isArray(s.enum) ||
    typeof s.pattern === "string" ||
    (types !== null && !types.has("string")) ||
    Boolean(s.anyOf && !JSON.stringify(s.anyOf).includes('"type":"string"}'))
  );
};

function pathCases(op: Operation, text: string | undefined): Case[] {
  const cases: Case[] = op.pathParams.flatMap((p) => BAD_IDS.map((bad) => ({ name: `path ${p.name}=${show(bad)}`, params: { [p.name]: bad }, text })));
  if (op.pathParams.length) cases.push({ name: "path: records that do not exist", text });
  return cases;
}

function queryCases(op: Operation, text: string | undefined): Case[] {
  const base = Object.fromEntries(op.queryParams.filter((q) => q.required).map((q) => [q.name, String(sample(q.schema, q.name))]));
  const cases: Case[] = [];
  if (op.queryParams.some((q) => q.required)) cases.push({ name: "query: required parameters missing", query: {}, text });
  for (const q of op.queryParams) {
    const values = [LONG, CONTROL, ...(constrainedText(q.schema) ? ["zz-not-valid", "-1.5"] : [])];
    for (const value of values) cases.push({ name: `query ${q.name}=${show(value)}`, query: { ...base, [q.name]: value }, text });
  }
  return cases;
}

function bodyCases(op: Operation): Case[] {
  const schema = op.body!;
  const base = sample(schema) as Record<string, unknown>;
  const body = (value: unknown) => JSON.stringify(value);
  const cases: Case[] = [
    { name: "body: invalid JSON", text: '{"a":', status: 400 },
    { name: "body: JSON nested 10,000 deep", text: DEEP, status: 400 },
    { name: "body: text/plain", text: body(base), contentType: "text/plain", status: 415 },
    { name: "body: a form", text: "a=1", contentType: "application/x-www-form-urlencoded", status: 415 },
  ];
  const types = jsonTypes(schema);
  for (const [type, text] of [
    ["array", "[]"],
    ["string", '"x"'],
    ["number", "1"],
    ["null", "null"],
    ["boolean", "true"],
  ]) {
    if (types && !types.has(type)) cases.push({ name: `body: a JSON ${type}`, text, status: 400 });
  }
  if (((schema.required as string[] | undefined) ?? []).length) cases.push({ name: "body: required keys missing", text: "{}" });
  if (schema.additionalProperties === false)
    cases.push({ name: "body: an unknown key", text: body({ ...base, zzUnknown: 1 }), status: 400, names: "zzUnknown" });
  for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    const wrong = wrongTypeFor(property);
    if (wrong !== undefined) cases.push({ name: `body ${key}: wrong type ${JSON.stringify(wrong)}`, text: body({ ...base, [key]: wrong }) });
    if (takesText(property)) {
      cases.push({ name: `body ${key}: 100 KB`, text: body({ ...base, [key]: LONG }) });
      cases.push({ name: `body ${key}: control characters`, text: body({ ...base, [key]: CONTROL }) });
    }
    const inner = resolve(property);
    if (isObject(inner) && inner.additionalProperties === false) {
      cases.push({
        name: `body ${key}: an unknown nested key`,
        text: body({ ...base, [key]: { ...(sample(inner) as object), zzUnknown: 1 } }),
        status: 400,
        names: `${key}.zzUnknown`,
      });
    }
    const item = resolve(inner.items as JsonSchema | undefined);
    if (jsonTypes(inner)?.has("array") && isObject(item) && item.additionalProperties === false) {
      cases.push({
        name: `body ${key}: an unknown key in an item`,
        text: body({ ...base, [key]: [{ ...(sample(item) as object), zzUnknown: 1 }] }),
        status: 400,
        names: `${key}.0.zzUnknown`,
      });
    }
  }
  return cases;
}

/** Every case of an operation; its body, when the case is not about the body, is the schema's sample with ids that name nothing. */
function casesOf(op: Operation): Case[] {
  const text = op.body ? JSON.stringify(sample(op.body)) : undefined;
  return [...pathCases(op, text), ...queryCases(op, text), ...(op.body ? bodyCases(op) : [])];
}

/** What is wrong with an answer to a case, or null. */
function fault(c: Case, res: { status: number; body: unknown }): string | null {
  const message = (res.body as { message?: unknown } | null)?.message;
  const said = `${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`;
  if (c.status ? res.status !== c.status : res.status < 400 || res.status > 499) return `${c.name}: expected ${c.status ?? "4xx"}, got ${said}`;
  if (typeof message !== "string" || !message) return `${c.name}: no message in ${said}`;
  const errors = (res.body as { errors?: { field: string }[] }).errors ?? [];
  if (c.names && !errors.some((e) => e.field === c.names)) return `${c.name}: errors do not name ${c.names}: ${said}`;
  return null;
}

const OPERATIONS = operations();
const operation = (method: string, path: string) => OPERATIONS.find((op) => op.method === method && op.path === path)!;
let token: () => Promise<string>;
let tenantId: number;

beforeAll(async () => {
  const { user } = await demoWorld();
  await installWriteLog();
  token = () => tokenFor(user);
  tenantId = user.tenantId;
}, 300_000);

describe("the 500s issue 21 found, on real records", () => {
  it("PUT /data-collections-sets/{id}/items naming no field: 404 for an item not in the set, nothing written", async () => {
    const [set] = await db().select({ id: dataCollectionSets.id }).from(dataCollectionSets).where(eq(dataCollectionSets.tenantId, tenantId)).limit(1);
    await takeWrites();
    const res = await send(operation("PUT", "/data-collections-sets/{id}/items"), {
      token: await token(),
      params: { id: String(set.id) },
      text: '{"id":999999}',
    });
    expect(res).toMatchObject({ status: 404, body: { message: "Item not found" } });
    expect(await takeWrites(NOT_WRITES)).toEqual([]);
  });

  it("JSON nested 10,000 deep: 400 on PUT /data-collections-sets/{id} and PUT /tenant-integrations/{id}", async () => {
    const [set] = await db().select({ id: dataCollectionSets.id }).from(dataCollectionSets).where(eq(dataCollectionSets.tenantId, tenantId)).limit(1);
    const made = await call(integrationsPost, "POST", "/en/api/v1/tenant-integrations", {
      token: await token(),
      body: { tenantId, token: "fixture-token-0123456789abcdef", clientId: "deep" },
    });
    const nested = `{"label":${"[".repeat(10_000)}${"]".repeat(10_000)}}`;
    await takeWrites();
    for (const [path, id] of [
      ["/data-collections-sets/{id}", set.id],
      ["/tenant-integrations/{id}", made.body.id],
    ] as const) {
      const res = await send(operation("PUT", path), { token: await token(), params: { id: String(id) }, text: nested });
      expect(res, path).toMatchObject({ status: 400, body: { message: "Request body is nested too deeply (more than 64 levels)" } });
    }
    expect(await takeWrites(NOT_WRITES)).toEqual([]);
  });

  it("GET /tenants/{id}/logo for every tenant, signed in or not: the logo or a 404, never a 500", async () => {
    const logo = operation("GET", "/tenants/{id}/logo");
    for (const tenant of await db().select({ id: tenants.id }).from(tenants)) {
      for (const caller of [await token(), undefined]) {
        const res = await send(logo, { token: caller, params: { id: String(tenant.id) } });
        expect([200, 404], `tenant ${tenant.id}`).toContain(res.status);
      }
    }
  });
});

describe("every operation of the OpenAPI document answers bad input with a 4xx and writes nothing", () => {
  it("walks every operation the document lists", () => {
    expect(OPERATIONS.length).toBeGreaterThan(200);
    expect(OPERATIONS.filter((op) => op.public).map(label)).toContain("POST /login");
  });

  for (const op of OPERATIONS) {
    it(label(op), async () => {
      const cases = casesOf(op);
      const faults: string[] = [];
      // Signed in with every power (each request reaches its parsing), and anonymous where a route is open.
      const callers = op.public ? [await token(), undefined] : [await token()];
      await takeWrites();
      for (const caller of callers) {
        for (const c of cases) {
          const res = await send(op, { ...c, token: caller });
          const found = fault(c, res);
          if (found) faults.push(caller ? found : `anonymous ${found}`);
        }
      }
      expect(faults).toEqual([]);
      expect(await takeWrites(NOT_WRITES), "tables written").toEqual([]);
    });
  }
});
