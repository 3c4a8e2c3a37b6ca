import "server-only";
import type { ApiRouteModule } from "@/lib/platform/openapi/route-module";
import * as locationChoices from "@/app/en/api/v1/location-choices/route";
import * as locationsIdMembers from "@/app/en/api/v1/locations/[id]/members/route";
import * as usersId from "@/app/en/api/v1/users/[id]/route";
import * as usersIdOrganizationsLocationsLocationId from "@/app/en/api/v1/users/[id]/organizations/locations/[locationId]/route";
import * as regionMember from "@/app/en/api/v1/admin/tenants/[tenantId]/users/[userId]/region/member.json/route";
import * as districtMember from "@/app/en/api/v1/admin/tenants/[tenantId]/users/[userId]/district/member.json/route";
import * as locationMember from "@/app/en/api/v1/admin/tenants/[tenantId]/users/[userId]/location/member.json/route";
import * as dataIntegrations from "@/app/en/api/v1/data-integrations/route";
import * as dataIntegrationsUsers from "@/app/en/api/v1/data-integrations/users/route";
import * as dataIntegrationsFetch from "@/app/en/api/v1/data-integrations/fetch/route";
import * as districtFtp from "@/app/en/api/v1/admin/tenants/[tenantId]/regions/[regionId]/districts/[districtId]/integration/ftp.json/route";

/**
 * The users area's API routes (see routes.ts; /users, /users/{id}/organizations and the invite are
 * listed there), with the member.json listings, the district data integrations and the location
 * picker's choices (linking a user, enrolling, transferring, assigning a collection).
 */
export const USERS_ROUTES: readonly ApiRouteModule[] = [
  { path: "/users/{id}", module: usersId },
  { path: "/users/{id}/organizations/locations/{locationId}", module: usersIdOrganizationsLocationsLocationId },
  { path: "/locations/{id}/members", module: locationsIdMembers },
  { path: "/location-choices", module: locationChoices },
  { path: "/admin/tenants/{tenantId}/users/{userId}/region/member.json", module: regionMember },
  { path: "/admin/tenants/{tenantId}/users/{userId}/district/member.json", module: districtMember },
  { path: "/admin/tenants/{tenantId}/users/{userId}/location/member.json", module: locationMember },
  { path: "/data-integrations", module: dataIntegrations },
  { path: "/data-integrations/users", module: dataIntegrationsUsers },
  { path: "/data-integrations/fetch", module: dataIntegrationsFetch },
  { path: "/admin/tenants/{tenantId}/regions/{regionId}/districts/{districtId}/integration/ftp.json", module: districtFtp },
];
