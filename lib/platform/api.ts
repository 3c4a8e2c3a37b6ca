import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z, ZodError } from "zod";
import { can, type Permission } from "@/lib/auth/permissions";
import { withTenant } from "@/db/client";
import { actorFromHeaders, type Actor } from "./actor";
import { refuseControlCharacters } from "./control-characters";
import { refuseLongText } from "./input-limits";
import { AppError, MESSAGES, forbidden, unauthorized, type FieldError } from "./errors";
import { errorFields, log } from "./logger";
import { isUniqueViolation } from "./pg-errors";
import { isSameOrigin, requestIdOf } from "./request";
import { readJsonBody } from "./request-body";
import { apiSecurityHeaders, setHeaders } from "./security-headers";
import { decodeToken, tokenFromRequest } from "./session-token";
import { attachRouteSpec, type RouteDoc } from "./openapi/route-spec";
import { readShapeFilter } from "./read-shape";
import { describeResponseMismatch, recordResponseMismatch } from "./response-check";
import { strictSchema } from "./strict-schema";

type RouteParams = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = (req: NextRequest, ctx: RouteParams) => Promise<Response>;

/** The request's schemas, and the route's doc (response schema, summary, tags) for the OpenAPI document. */
interface Schemas<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType = z.ZodType> extends RouteDoc {
  query?: Q;
  body?: B;
  params?: P;
  /** Typed: a handler whose answer does not fit its declared response fails to compile. */
  response?: R;
  /** The resource as its read answers it, when the answer is not the record (a PUT answering an id): its keys are taken back and set aside. */
  reads?: z.ZodType;
  /** Look up the actor and run the handler in one transaction (hot writes: see inOneTransaction). */
  oneTransaction?: boolean;
}

interface Context<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, A> {
  req: NextRequest;
  actor: A;
  query: z.output<Q>;
  body: z.output<B>;
  params: z.output<P>;
  requestId: string;
}

type Result = Response | object | null;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Below this a JSON answer is sent as it is: gzip costs more than the bytes it saves. */
const COMPRESS_FROM = 1024;

/**
 * A JSON answer. Next compresses every answer it streams (it drops our Content-Length, so its
 * compression's size threshold never applies): a small one is marked no-transform, which that
 * compression honours, while large lists are still compressed. A score save spent a tenth of the
 * app's CPU in gzip.
 */
export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  const body = JSON.stringify(data);
  const answer = new NextResponse(body, { status, headers });
  answer.headers.set("content-type", "application/json");
  if (Buffer.byteLength(body) < COMPRESS_FROM && !answer.headers.has("cache-control")) answer.headers.set("cache-control", "no-store, no-transform");
  return answer;
}

/** Zod issues as the spec's `errors: [{ field, message }]`; an unknown key is named as a field of its own. */
export function fieldErrors(error: ZodError, of: "request" | "response" = "request"): FieldError[] {
  return error.issues.flatMap((i) => {
    if (i.code !== "unrecognized_keys") return [{ field: i.path.join(".") || "_", message: i.message }];
    return i.keys.map((key) => {
      const field = [...i.path, key].join(".");
      return { field, message: `${field} is not a field of this ${of}` };
    });
  });
}

function toErrorResponse(error: unknown, requestId: string): Response {
  if (error instanceof AppError) {
    return json(error.errors ? { message: error.message, errors: error.errors } : { message: error.message }, error.status);
  }
  if (error instanceof ZodError) {
    const errors = fieldErrors(error);
    return json({ message: errors[0]?.message ?? MESSAGES[400], errors }, 400);
  }
  if (isUniqueViolation(error)) return json({ message: MESSAGES[409] }, 409);
  log.error("request failed", { requestId, ...errorFields(error) });
  return json({ message: MESSAGES[500] }, 500);
}

/** Cookie-authenticated changes must come from our own pages (CSRF); bearer clients are exempt. */
function checkOrigin(req: NextRequest, actor: Actor | null) {
  if (!actor || actor.via !== "cookie" || SAFE_METHODS.has(req.method)) return;
  if (!isSameOrigin(req.headers)) throw forbidden("Cross-site request refused");
}

/**
 * With API_CHECK_RESPONSES=1 (on for the whole test suite), a JSON success answer that the route's
 * response schema refuses (strictly: a key it does not name too) becomes a 500 naming the route and
 * the fields, and is recorded so that the test during which it happened fails (response-check.ts).
 * Off in production: parsing every answer costs.
 */
async function checkResponse(req: NextRequest, response: Response, schema: z.ZodType, summary?: string): Promise<void> {
  if (process.env.API_CHECK_RESPONSES !== "1" || !response.ok || !response.headers.get("content-type")?.includes("application/json")) return;
  // Strict, as bodies are: a key the schema does not name (a column the spec never listed) is a mismatch, not dropped.
  const parsed = strictSchema(schema).safeParse(await response.clone().json());
  if (parsed.success) return;
  const mismatch = { route: `${req.method} ${req.nextUrl.pathname}`, summary, status: response.status, issues: fieldErrors(parsed.error, "response") };
  recordResponseMismatch(mismatch);
  throw new AppError(500, describeResponseMismatch(mismatch), mismatch.issues);
}

/**
 * The actor's lookup and the handler in one transaction under the token's tenant: a hot write (a
 * score save) pays one BEGIN and COMMIT instead of two. A 401 still commits what the lookup did (a
 * dead session's revocation and its audit row); any other error rolls everything back.
 */
async function inOneTransaction(req: NextRequest, work: () => Promise<Response>): Promise<Response> {
  const claims = await decodeToken(tokenFromRequest(req.headers)?.token);
  if (!claims) return work();
  const outcome = await withTenant(claims.tid, async () => {
    try {
      return { answer: await work() };
    } catch (error) {
      if (error instanceof AppError && error.status === 401) return { refused: error };
      throw error;
    }
  });
  if ("refused" in outcome) throw outcome.refused;
  return outcome.answer;
}

/**
 * Each input through its schema (or as it came without one); one 400 naming every invalid field of
 * the query, the path and the body together, so that a client fixes them in one go.
 */
function parseAll(...inputs: [z.ZodType | undefined, unknown, unknown][]): unknown[] {
  const issues: z.core.$ZodIssue[] = [];
  const values = inputs.map(([schema, raw, fallback]) => {
    if (!schema) return fallback;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) issues.push(...parsed.error.issues);
    return parsed.data;
  });
  if (issues.length) throw new ZodError(issues);
  return values;
}

function queryObject(req: NextRequest): Record<string, string> {
  return Object.fromEntries(req.nextUrl.searchParams.entries());
}

function build<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, A extends Actor | null>(
  schemas: Schemas<Q, B, P>,
  resolve: (req: NextRequest) => Promise<A>,
  handler: (ctx: Context<Q, B, P, A>) => Promise<unknown>,
): RouteHandler {
  // Strict: an unknown key is a 400 naming it, never dropped in silence (see strict-schema.ts).
  const body = schemas.body && strictSchema(schemas.body);
  // What the route's own answer holds but its body does not take: read back, set aside (read-shape.ts).
  const readOnly = readShapeFilter(schemas.body, schemas.reads ?? schemas.response);
  return async (req, routeCtx) => {
    const started = performance.now();
    const requestId = requestIdOf(req.headers);
    let response: Response;
    let userId: number | undefined;
    const work = async () => {
      const actor = await resolve(req);
      userId = actor?.userId;
      checkOrigin(req, actor);
      const rawQuery = queryObject(req);
      const rawParams = await routeCtx.params;
      const rawBody = body ? await readJsonBody(req) : undefined;
      // Before the schemas: their patterns need not run over a megabyte of text.
      for (const input of [rawQuery, rawParams, rawBody]) refuseLongText(input);
      const bodyToParse = readOnly ? readOnly(rawBody) : rawBody;
      const [query, params, parsedBody] = parseAll([schemas.query, rawQuery, {}], [schemas.params, rawParams, rawParams], [body, bodyToParse, undefined]);
      // After the schemas, so a field's own wording comes first; before the handler and the database.
      for (const input of [rawQuery, rawParams, rawBody]) refuseControlCharacters(input);
      const result = await handler({ req, actor, query, body: parsedBody, params, requestId } as Context<Q, B, P, A>);
      const answer = result instanceof Response ? result : json(result ?? {});
      if (schemas.response) await checkResponse(req, answer, schemas.response, schemas.summary);
      return answer;
    };
    try {
      response = schemas.oneTransaction ? await inOneTransaction(req, work) : await work();
    } catch (error) {
      response = toErrorResponse(error, requestId);
    }
    response.headers.set("x-request-id", requestId);
    // Answers carry personal data and jwts: no browser or proxy keeps them unless a route says so.
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
    // A route's own policy (a download's sandbox) is kept and tightened by ours, not replaced.
    const ownPolicy = response.headers.get("content-security-policy");
    setHeaders(response.headers, apiSecurityHeaders());
    if (ownPolicy) response.headers.set("content-security-policy", `${ownPolicy}; ${response.headers.get("content-security-policy")}`);
    log.info("request", {
      requestId,
      method: req.method,
      path: req.nextUrl.pathname,
      status: response.status,
      ms: Math.round(performance.now() - started),
      userId,
    });
    return response;
  };
}

/** The document shows the body as the wrapper parses it: strict (`additionalProperties: false`). */
const documentedBody = (options: { body?: z.ZodType }) => (options.body ? { body: strictSchema(options.body) } : {});

/**
 * The one wrapper of every API route: resolves the actor, checks its permission, parses query, params
 * and body with zod, and answers errors in the spec's `{ message, errors? }` shape.
 */
export function apiRoute<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType<Result, Result>,
>(options: Schemas<Q, B, P, R> & { permission?: Permission }, handler: (ctx: Context<Q, B, P, Actor>) => Promise<Response | z.input<R>>): RouteHandler {
  const route = build(
    options,
    async (req) => {
      const actor = await actorFromHeaders(req.headers);
      if (!actor) throw unauthorized();
      if (options.permission && !can(actor, options.permission)) throw forbidden();
      return actor;
    },
    handler,
  );
  return attachRouteSpec(route, { ...options, ...documentedBody(options), auth: "required" });
}

/** A route open without sign-in (login, forgot password, health); the actor is passed when present. */
export function publicRoute<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType<Result, Result>,
>(options: Schemas<Q, B, P, R>, handler: (ctx: Context<Q, B, P, Actor | null>) => Promise<Response | z.input<R>>): RouteHandler {
  return attachRouteSpec(
    build(options, (req) => actorFromHeaders(req.headers), handler),
    { ...options, ...documentedBody(options), auth: "optional" },
  );
}
