import "server-only";
import type { ApiRouteModule } from "./route-module";

/** The enrollments area's API routes (see routes.ts). */
export const ENROLLMENTS_ROUTES: readonly ApiRouteModule[] = [];
