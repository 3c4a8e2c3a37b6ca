import "server-only";
import type { ApiRouteModule } from "@/lib/platform/openapi/route-module";
import * as transfers from "@/app/en/api/v1/transfers/route";
import * as transfersId from "@/app/en/api/v1/transfers/[id]/route";
import * as transfersIncoming from "@/app/en/api/v1/transfers/incoming/route";
import * as transfersOutgoing from "@/app/en/api/v1/transfers/outgoing/route";
import * as transfersHistory from "@/app/en/api/v1/transfers/history/route";
import * as studentsMerge from "@/app/en/api/v1/students/merge/route";
import * as auditLog from "@/app/en/api/v1/audit-log/route";

/** The transfers area's API routes (see routes.ts). */
export const TRANSFERS_ROUTES: readonly ApiRouteModule[] = [
  { path: "/transfers", module: transfers },
  { path: "/transfers/{id}", module: transfersId },
  { path: "/transfers/incoming", module: transfersIncoming },
  { path: "/transfers/outgoing", module: transfersOutgoing },
  { path: "/transfers/history", module: transfersHistory },
  { path: "/students/merge", module: studentsMerge },
  { path: "/audit-log", module: auditLog },
];
