import "server-only";
import * as integrationOneRosterPull from "@/app/en/api/v1/data-integrations/oneroster/pull/route";
import * as integrationOneRoster from "@/app/en/api/v1/data-integrations/oneroster/route";
import * as loadsIdApply from "@/app/en/api/v1/oneroster/loads/[id]/apply/route";
import * as loadsId from "@/app/en/api/v1/oneroster/loads/[id]/route";
import * as loads from "@/app/en/api/v1/oneroster/loads/route";
import type { ApiRouteModule } from "@/lib/platform/openapi/route-module";

/** The OneRoster intake's API routes (see routes.ts; docs/integrations.md). */
export const ONEROSTER_ROUTES: readonly ApiRouteModule[] = [
  { path: "/oneroster/loads", module: loads },
  { path: "/oneroster/loads/{id}", module: loadsId },
  { path: "/oneroster/loads/{id}/apply", module: loadsIdApply },
  { path: "/data-integrations/oneroster", module: integrationOneRoster },
  { path: "/data-integrations/oneroster/pull", module: integrationOneRosterPull },
];
