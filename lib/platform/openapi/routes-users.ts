import "server-only";
import type { ApiRouteModule } from "./route-module";

/** The users area's API routes (see routes.ts). */
export const USERS_ROUTES: readonly ApiRouteModule[] = [];
