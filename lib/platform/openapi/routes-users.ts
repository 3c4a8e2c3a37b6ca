import "server-only";
import type { ApiRouteModule } from "./route-module";
import * as locationsIdMembers from "@/app/en/api/v1/locations/[id]/members/route";
import * as usersId from "@/app/en/api/v1/users/[id]/route";
import * as usersIdOrganizationsLocationsLocationId from "@/app/en/api/v1/users/[id]/organizations/locations/[locationId]/route";

/** The users area's API routes (see routes.ts; /users, /users/{id}/organizations and the invite are listed there). */
export const USERS_ROUTES: readonly ApiRouteModule[] = [
  { path: "/users/{id}", module: usersId },
  { path: "/users/{id}/organizations/locations/{locationId}", module: usersIdOrganizationsLocationsLocationId },
  { path: "/locations/{id}/members", module: locationsIdMembers },
];
