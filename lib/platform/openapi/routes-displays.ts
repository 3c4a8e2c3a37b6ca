import "server-only";
import type { ApiRouteModule } from "./route-module";

/** The displays area's API routes (see routes.ts). */
export const DISPLAYS_ROUTES: readonly ApiRouteModule[] = [];
