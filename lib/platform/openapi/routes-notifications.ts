import "server-only";
import type { ApiRouteModule } from "./route-module";

/** The notifications area's API routes (see routes.ts). */
export const NOTIFICATIONS_ROUTES: readonly ApiRouteModule[] = [];
