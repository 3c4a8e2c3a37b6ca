import type { z } from "zod";
import type { Permission } from "@/lib/auth/permissions";

/** What a route states about itself for its readers (the OpenAPI document), beyond what it needs to run. */
export interface RouteDoc {
  /** One line: what the operation does. */
  summary?: string;
  /** Groups of the reference page; the generator falls back to the path's first segment. */
  tags?: string[];
  /** The JSON body of the success answer. */
  response?: z.ZodType;
  /** The success status when it is not 200 (201 created, 302 redirect). */
  status?: number;
  /** The content type of a success answer that is not JSON (a file stream). */
  content?: string;
  /** Error statuses beyond those the wrapper implies (429 of a rate limit, 423 of a lockout). */
  errors?: number[];
}

/** Everything the wrapper knows of a handler: its schemas, who may call it, and its doc. */
export interface RouteSpec extends RouteDoc {
  auth: "required" | "optional";
  permission?: Permission;
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
}

// A global symbol, not a module-level WeakMap: bundles that load this module twice still agree.
const SPEC = Symbol.for("assessment-platform.route-spec");

/** Attach a route's spec to the handler the wrapper returns (non-enumerable, read-only). */
export function attachRouteSpec<H extends object>(handler: H, spec: RouteSpec): H {
  Object.defineProperty(handler, SPEC, { value: Object.freeze({ ...spec }), enumerable: false });
  return handler;
}

/** The spec of a handler made by apiRoute/publicRoute; undefined for anything else. */
export function routeSpecOf(handler: unknown): RouteSpec | undefined {
  return typeof handler === "function" ? (handler as unknown as Record<symbol, RouteSpec | undefined>)[SPEC] : undefined;
}
