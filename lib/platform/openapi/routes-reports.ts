import "server-only";
import type { ApiRouteModule } from "./route-module";

/** The reports area's API routes (see routes.ts). */
export const REPORTS_ROUTES: readonly ApiRouteModule[] = [];
