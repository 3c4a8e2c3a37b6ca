import "server-only";
import type { ApiRouteModule } from "./route-module";

/** The collections-admin area's API routes (see routes.ts). */
export const COLLECTIONS_ADMIN_ROUTES: readonly ApiRouteModule[] = [];
