import "server-only";
import { randomUUID } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { z, ZodError } from "zod";
import { can, type Permission } from "@/lib/auth/permissions";
import { withTenant } from "@/db/client";
import { actorFromHeaders, type Actor } from "./actor";
import { refuseControlCharacters } from "./control-characters";
import { AppError, MESSAGES, badRequest, forbidden, unauthorized, type FieldError } from "./errors";
import { errorFields, log } from "./logger";
import { isUniqueViolation } from "./pg-errors";
import { isSameOrigin } from "./request";
import { apiSecurityHeaders, setHeaders } from "./security-headers";
import { decodeToken, tokenFromRequest } from "./session-token";
import { attachRouteSpec, type RouteDoc } from "./openapi/route-spec";

type RouteParams = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = (req: NextRequest, ctx: RouteParams) => Promise<Response>;

/** The request's schemas, and the route's doc (response schema, summary, tags) for the OpenAPI document. */
interface Schemas<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType = z.ZodType> extends RouteDoc {
  query?: Q;
  body?: B;
  params?: P;
  /** Typed: a handler whose answer does not fit its declared response fails to compile. */
  response?: R;
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

const MAX_JSON_BYTES = 1024 * 1024;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A JSON answer. Its Content-Length lets the server's compression skip small answers (a score save's
 * few hundred bytes cost more to gzip than to send) and still compress large lists.
 */
export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  const body = JSON.stringify(data);
  const answer = new NextResponse(body, { status, headers });
  answer.headers.set("content-type", "application/json");
  answer.headers.set("content-length", String(Buffer.byteLength(body)));
  return answer;
}

/** Zod issues as the spec's `errors: [{ field, message }]`. */
export function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((i) => ({ field: i.path.join(".") || "_", message: i.message }));
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

async function readBody(req: NextRequest): Promise<unknown> {
  const length = Number(req.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new AppError(413, "Request body is too large");
  const text = await req.text();
  if (text.length > MAX_JSON_BYTES) throw new AppError(413, "Request body is too large");
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("Request body is not valid JSON");
  }
}

/** Cookie-authenticated changes must come from our own pages (CSRF); bearer clients are exempt. */
function checkOrigin(req: NextRequest, actor: Actor | null) {
  if (!actor || actor.via !== "cookie" || SAFE_METHODS.has(req.method)) return;
  if (!isSameOrigin(req.headers)) throw forbidden("Cross-site request refused");
}

/**
 * With API_CHECK_RESPONSES=1 (tests), a JSON success answer that the route's response schema refuses
 * becomes a 500 naming the fields. Off in production: parsing every answer costs.
 */
async function checkResponse(response: Response, schema: z.ZodType): Promise<void> {
  if (process.env.API_CHECK_RESPONSES !== "1" || !response.ok || !response.headers.get("content-type")?.includes("application/json")) return;
  const parsed = schema.safeParse(await response.clone().json());
  if (!parsed.success) throw new AppError(500, "The answer does not match the route's response schema", fieldErrors(parsed.error));
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

function queryObject(req: NextRequest): Record<string, string> {
  return Object.fromEntries(req.nextUrl.searchParams.entries());
}

function build<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, A extends Actor | null>(
  schemas: Schemas<Q, B, P>,
  resolve: (req: NextRequest) => Promise<A>,
  handler: (ctx: Context<Q, B, P, A>) => Promise<unknown>,
): RouteHandler {
  return async (req, routeCtx) => {
    const started = performance.now();
    const requestId = req.headers.get("x-request-id") ?? randomUUID();
    let response: Response;
    let userId: number | undefined;
    const work = async () => {
      const actor = await resolve(req);
      userId = actor?.userId;
      checkOrigin(req, actor);
      const rawQuery = queryObject(req);
      const query = schemas.query ? schemas.query.parse(rawQuery) : {};
      const rawParams = await routeCtx.params;
      const params = schemas.params ? schemas.params.parse(rawParams) : rawParams;
      const rawBody = schemas.body ? await readBody(req) : undefined;
      const body = schemas.body ? schemas.body.parse(rawBody) : undefined;
      // After the schemas, so a field's own wording comes first; before the handler and the database.
      for (const input of [rawQuery, rawParams, rawBody]) refuseControlCharacters(input);
      const result = await handler({ req, actor, query, body, params, requestId } as Context<Q, B, P, A>);
      const answer = result instanceof Response ? result : json(result ?? {});
      if (schemas.response) await checkResponse(answer, schemas.response);
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

/**
 * The one wrapper of every API route: resolves the actor, checks its permission, parses query, params
 * and body with zod, and answers errors in the spec's `{ message, errors? }` shape.
 */
export function apiRoute<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType<Result, Result>>(
  options: Schemas<Q, B, P, R> & { permission?: Permission },
  handler: (ctx: Context<Q, B, P, Actor>) => Promise<Response | z.input<R>>,
): RouteHandler {
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
  return attachRouteSpec(route, { ...options, auth: "required" });
}

/** A route open without sign-in (login, forgot password, health); the actor is passed when present. */
export function publicRoute<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType<Result, Result>>(
  options: Schemas<Q, B, P, R>,
  handler: (ctx: Context<Q, B, P, Actor | null>) => Promise<Response | z.input<R>>,
): RouteHandler {
  return attachRouteSpec(build(options, (req) => actorFromHeaders(req.headers), handler), { ...options, auth: "optional" });
}
