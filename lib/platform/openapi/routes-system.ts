import "server-only";
import type { ApiRouteModule } from "./route-module";

/** The system area's API routes (see routes.ts). */
export const SYSTEM_ROUTES: readonly ApiRouteModule[] = [];
