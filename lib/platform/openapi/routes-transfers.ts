import "server-only";
import type { ApiRouteModule } from "./route-module";

/** The transfers area's API routes (see routes.ts). */
export const TRANSFERS_ROUTES: readonly ApiRouteModule[] = [];
