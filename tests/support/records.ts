import { label, MISSING_ID, operations, send, type Operation } from "./openapi-operations";

/*
 * For an update operation of the document, a record it updates and how to read that record back,
 * found through the document's own reads: the path's parameters resolved left to right from their
 * lists (/assessments → {id} → /assessments/{id}/items → {itemId}), then the record from GET on the
 * update's own path, its one-record path or its collection; a list's required query parameters are
 * filled from the lists their names point at (studentId from GET /students). The few updates whose
 * records are listed elsewhere say where in READS.
 */

type Json = Record<string, unknown>;

/** Updates whose records (or path parameters) are listed at another path. */
const READS: Record<string, string> = {
  "PUT /data-collections/{id}/scores": "/data-collections/{id}/grades",
  "PUT /data-collections-student-assignments": "/data-collections-student-assignments",
  "PUT /transfers/{id}": "/transfers/incoming",
  "PUT /enrollments/{id}/supports": "/enrollments",
};

/** Updates that act on what they are read as rather than edit it: the read lists other things. */
const ACTIONS: Record<string, string> = {
  "PUT /downloads/{slot}": "publishes an uploaded file into the slot (the read lists the slots)",
  "PUT /users/{id}/organizations": "promotes or demotes a link (the read lists the organisations)",
  "PUT /data-collections/{id}/supports":
    "replaces a child's supports (the read lists them one row each); its ?admin=true side, a support's rename, is a round trip of its own",
};

/** Whether an update edits the record its own read answers (else: listed elsewhere, or an action). */
export const editsItsRead = (op: Operation) => !(label(op) in READS) && !(label(op) in ACTIONS);

/** Where the value of a required query parameter is listed, by its name. */
const QUERY_SOURCES: Record<string, string> = {
  studentId: "/students",
  enrollmentId: "/enrollments",
  tenantId: "/tenants",
  dataCollectionId: "/data-collections",
  dataCollectionsId: "/data-collections",
  parentDataCollectionId: "/data-collections",
  districtId: "/districts",
};

export interface Target {
  params: Record<string, string>;
  /** The record as its read answers it. */
  record: Json;
  /** The record read again the same way. */
  reread(): Promise<Json | undefined>;
}

const ALL = operations();
const find = (method: string, path: string) => ALL.find((op) => op.method === method && op.path === path);

/** The first object holding the key (an id, or a slot's name), breadth first: the first record of any answer's shape. */
function firstRecord(value: unknown, key = "id"): Json | undefined {
  const queue = [value];
  while (queue.length) {
    const item = queue.shift();
    if (item === null || typeof item !== "object") continue;
    const held = (item as Json)[key];
    if (!Array.isArray(item) && (typeof held === "number" || typeof held === "string") && held !== MISSING_ID) return item as Json;
    queue.push(...Object.values(item as Json));
  }
  return undefined;
}

/** The record whose key holds that value in an answer, however deep. */
function recordWhere(value: unknown, key: string, wanted: string): Json | undefined {
  const queue = [value];
  while (queue.length) {
    const item = queue.shift();
    if (item === null || typeof item !== "object") continue;
    if (!Array.isArray(item) && String((item as Json)[key]) === wanted) return item as Json;
    queue.push(...Object.values(item as Json));
  }
  return undefined;
}

/** GET a path with its parameters, its required query filled from QUERY_SOURCES; the answer, or undefined. */
async function read(path: string, params: Record<string, string>, token: string, depth = 0): Promise<unknown> {
  const op = find("GET", path);
  if (!op || depth > 3) return undefined;
  const fill = async (names: string[]) => {
    const query: Record<string, string> = {};
    for (const name of names) {
      const source = QUERY_SOURCES[name];
      const listed = source ? firstRecord(answerOf(await read(source, {}, token, depth + 1))) : undefined;
      if (!listed) return undefined;
      query[name] = String(listed.id);
    }
    return query;
  };
  const required = await fill(op.queryParams.filter((p) => p.required).map((p) => p.name));
  if (!required) return undefined;
  let res = await send(op, { params, token, query: required, read: true });
  // A list that needs one of several optional names (a collection's filters): the first that has a source.
  const named = op.queryParams.find((p) => !p.required && QUERY_SOURCES[p.name]);
  if (res.status === 400 && named) res = await send(op, { params, token, query: { ...required, ...(await fill([named.name])) }, read: true });
  // A list that serves the caller's side by a one-valued parameter (role=teacher): that side.
  const side = op.queryParams.find((p) => !p.required && (p.schema.enum as unknown[] | undefined)?.length === 1);
  if (res.status === 400 && side)
    res = await send(op, { params, token, query: { ...required, [side.name]: String((side.schema.enum as unknown[])[0]) }, read: true });
  return res.status === 200 ? { answer: res.body } : undefined;
}
const answerOf = (got: unknown) => (got as { answer?: unknown } | undefined)?.answer;

/** The path up to (and without) the segment `{name}`. */
const before = (path: string, name: string) => path.slice(0, path.indexOf(`/{${name}}`));

/** The key a path parameter names its record by: its own name for a word (a download's slot), else the id. */
const keyOf = (p: Operation["pathParams"][number]) => (p.schema.type === "string" && !("pattern" in p.schema) ? p.name : "id");

/** A record of the update operation and its reread, or a sentence saying why none was found. */
export async function targetOf(op: Operation, token: string): Promise<Target | string> {
  const params: Record<string, string> = {};
  const elsewhere = READS[label(op)];
  const last = op.pathParams.at(-1);
  // /regions/{id}: the path names the record; /assessments/{id}/items: the body does (or the path's list is it).
  const pathNamesRecord = last !== undefined && op.path.endsWith(`/{${last.name}}`);
  for (const p of op.pathParams) {
    const parent = elsewhere && pathNamesRecord && p === last ? elsewhere : before(op.path, p.name);
    const listed = firstRecord(answerOf(await read(parent, params, token)), keyOf(p));
    if (!listed) return `no record listed at GET ${parent} for {${p.name}}`;
    params[p.name] = String(listed[keyOf(p)]);
  }
  const found = (record: Json | undefined, reread: () => Promise<Json | undefined>) => (record ? { params, record, reread } : null);
  if (pathNamesRecord) {
    for (const path of [op.path, elsewhere ?? before(op.path, last.name)].filter((p) => find("GET", p))) {
      const pick = async () => recordWhere(answerOf(await read(path, params, token)), keyOf(last), params[last.name]);
      const target = found(await pick(), pick);
      if (target) return target;
    }
    return `no record of ${label(op)} found at GET ${op.path} or its list: make one in update-fixtures.ts or name its read in READS`;
  }
  const one = find("GET", `${op.path}/{id}`) && !elsewhere ? `${op.path}/{id}` : null;
  const list = elsewhere ?? op.path;
  const listed = firstRecord(answerOf(await read(list, params, token)));
  if (listed && one) {
    const oneParams = { ...params, id: String(listed.id) };
    const pick = async () => recordWhere(answerOf(await read(one, oneParams, token)), "id", String(listed.id));
    const target = found(await pick(), pick);
    if (target) return target;
  }
  if (listed) return { params, record: listed, reread: async () => recordWhere(answerOf(await read(list, params, token)), "id", String(listed.id)) };
  return `no record of ${label(op)} found through GET ${list}: make one in update-fixtures.ts or name its read in READS`;
}

/** The update operations of the document (PUT and PATCH with a JSON body: an uploaded part is no update). */
export const updateOperations = () => ALL.filter((op) => (op.method === "PUT" || op.method === "PATCH") && op.body);

/** The body key that holds the record when the body wraps it (`{ student }`), else null. */
export function recordKey(op: Operation): string | null {
  const properties = (op.body?.properties ?? {}) as Record<string, { properties?: Json }>;
  if ("id" in properties) return null;
  // The record a body must hold: `{ student, enrollment? }` wraps the student.
  const required = (op.body?.required ?? []) as string[];
  const wrappers = Object.entries(properties).filter(([key, schema]) => schema.properties && "id" in schema.properties && required.includes(key));
  return wrappers.length === 1 ? wrappers[0][0] : null;
}

/** The record's schema in the body: the body, or the object under its record key. */
function recordSchema(op: Operation): Json {
  const key = recordKey(op);
  return (key ? ((op.body!.properties as Record<string, Json>)[key] ?? {}) : op.body!) as Json;
}

/** A body holding the given fields of the record, wrapped as the update takes it (`{ student }`). */
export function bodyWith(op: Operation, fields: Json): Json {
  const key = recordKey(op);
  return key ? { [key]: fields } : fields;
}

/** The record's id (when the body names it) and the fields its update requires, as read: the least an update can be sent. */
export function leastOf(op: Operation, record: Json): Json {
  const schema = recordSchema(op);
  const named = ["id", ...((schema.required as string[] | undefined) ?? [])].filter((k) => k in ((schema.properties ?? {}) as Json) && k in record);
  return Object.fromEntries(named.map((k) => [k, record[k]]));
}

/** The record and the token that reached it: the powerful actor first, the demo's teacher for a class's records. */
export async function reach(op: Operation, tokens: string[]): Promise<{ target: Target; token: string }> {
  const reasons: string[] = [];
  for (const token of tokens) {
    const target = await targetOf(op, token);
    if (typeof target !== "string") return { target, token };
    reasons.push(target);
  }
  throw new Error(reasons.join("; "));
}

/** A record as read, but its updatedAt: an update that changes nothing may still stamp it (the write log ignores it too). */
export const unstamped = (record: Json | undefined) => {
  if (!record) return record;
  const { updatedAt: _stamp, ...rest } = record;
  return rest;
};
