import "server-only";
import type { ApiRouteModule } from "@/lib/platform/openapi/route-module";
import * as dataCollectionsFiltersId from "@/app/en/api/v1/data-collections-filters/[id]/route";
import * as dataCollectionsFilters from "@/app/en/api/v1/data-collections-filters/route";
import * as dataCollectionsIdCheckpointPeriods from "@/app/en/api/v1/data-collections/[id]/checkpoint-periods/route";
import * as dataCollectionsIdCheckpointPeriodsPeriodId from "@/app/en/api/v1/data-collections/[id]/checkpoint-periods/[periodId]/route";
import * as dataDisplaysLayers from "@/app/en/api/v1/data-displays/layers/route";
import * as dataDisplaysResults from "@/app/en/api/v1/data-displays/results/route";
import * as dataDisplaysYears from "@/app/en/api/v1/data-displays/years/route";
import * as dataDisplaysRoleType from "@/app/en/api/v1/data-displays/[role]/[type]/route";
import * as userCollectionsIdFiltersFilterId from "@/app/en/api/v1/user/collections/[id]/filters/[filterId]/route";

/** The displays area's API routes (see routes.ts): data displays and their saved filters (spec §7). */
export const DISPLAYS_ROUTES: readonly ApiRouteModule[] = [
  { path: "/data-displays/{role}/{type}", module: dataDisplaysRoleType },
  { path: "/data-displays/results", module: dataDisplaysResults },
  { path: "/data-displays/layers", module: dataDisplaysLayers },
  { path: "/data-displays/years", module: dataDisplaysYears },
  { path: "/data-collections-filters", module: dataCollectionsFilters },
  { path: "/data-collections-filters/{id}", module: dataCollectionsFiltersId },
  { path: "/user/collections/{id}/filters/{filterId}", module: userCollectionsIdFiltersFilterId },
  { path: "/data-collections/{id}/checkpoint-periods", module: dataCollectionsIdCheckpointPeriods },
  { path: "/data-collections/{id}/checkpoint-periods/{periodId}", module: dataCollectionsIdCheckpointPeriodsPeriodId },
];
