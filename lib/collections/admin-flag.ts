import { z } from "zod";
import type { RouteHandler } from "@/lib/platform/api";
import { attachRouteSpec, routeSpecOf } from "@/lib/platform/openapi/route-spec";

/**
 * One path served to two sides: /data-collections/{id}/supports is the teacher's record of a
 * child's supports and, with the spec's admin flag (?admin=true), the administration of the
 * supports the collection offers. Each side keeps its own wrapper (permission, schemas, errors);
 * the OpenAPI document gets one operation naming both.
 */
export function withAdminFlag(teacher: RouteHandler, admin: RouteHandler, summary: string): RouteHandler {
  const route: RouteHandler = (req, ctx) => (req.nextUrl.searchParams.get("admin") === "true" ? admin(req, ctx) : teacher(req, ctx));
  const t = routeSpecOf(teacher)!;
  const a = routeSpecOf(admin)!;
  const either = (x?: z.ZodType, y?: z.ZodType) => (x && y ? z.union([x, y]) : (x ?? y));
  return attachRouteSpec(route, {
    auth: "required",
    summary,
    tags: t.tags,
    // The flag is the admin side's own: where the teacher's side takes no query, the document must not require it.
    query: t.query ? either(t.query, a.query) : (a.query as z.ZodObject | undefined)?.partial(),
    body: either(t.body, a.body),
    params: t.params ?? a.params,
    response: either(t.response, a.response),
  });
}
