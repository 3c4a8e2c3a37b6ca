import "server-only";
import * as bulkLoadIdDownloadType from "@/app/en/api/v1/bulk-load/[id]/download/[type]/route";
import * as bulkLoadId from "@/app/en/api/v1/bulk-load/[id]/route";
import * as bulkLoad from "@/app/en/api/v1/bulk-load/route";
import * as bulkLoadTemplate from "@/app/en/api/v1/bulk-load/template/route";
import type { ApiRouteModule } from "@/lib/platform/openapi/route-module";

/** The bulk-load area's API routes (see routes.ts). */
export const BULK_LOAD_ROUTES: readonly ApiRouteModule[] = [
  { path: "/bulk-load", module: bulkLoad },
  { path: "/bulk-load/template", module: bulkLoadTemplate },
  { path: "/bulk-load/{id}", module: bulkLoadId },
  { path: "/bulk-load/{id}/download/{type}", module: bulkLoadIdDownloadType },
];
