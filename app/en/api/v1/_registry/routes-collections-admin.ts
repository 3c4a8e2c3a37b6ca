import "server-only";
import type { ApiRouteModule } from "@/lib/platform/openapi/route-module";
import * as collectionAssignments from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/assignments.json/route";
import * as collectionDistricts from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/districts.json/route";
import * as collectionFieldTests from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/fieldtests.json/route";
import * as collectionLocationFieldTests from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/locations/[locationId]/fieldtests.json/route";
import * as collectionLocations from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/locations.json/route";
import * as collectionRegions from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/regions.json/route";
import * as regionCollections from "@/app/en/api/v1/admin/tenants/[tenantId]/regions/[regionId]/collections.json/route";
import * as districtCollections from "@/app/en/api/v1/admin/tenants/[tenantId]/regions/[regionId]/districts/[districtId]/collections.json/route";
import * as locationCollections from "@/app/en/api/v1/admin/tenants/[tenantId]/regions/[regionId]/districts/[districtId]/locations/[locationId]/collections.json/route";
import * as sets from "@/app/en/api/v1/data-collections-sets/route";
import * as setsId from "@/app/en/api/v1/data-collections-sets/[id]/route";
import * as setsIdItems from "@/app/en/api/v1/data-collections-sets/[id]/items/route";

/**
 * The collections-admin area's API routes (see routes.ts). GET/POST/PUT /data-collections, GET
 * /data-collections/{id} and /data-collections/{id}/supports (admin=true) share the teacher's
 * route files, listed there.
 */
export const COLLECTIONS_ADMIN_ROUTES: readonly ApiRouteModule[] = [
  { path: "/data-collections-sets", module: sets },
  { path: "/data-collections-sets/{id}", module: setsId },
  { path: "/data-collections-sets/{id}/items", module: setsIdItems },
  { path: "/admin/tenants/{tenantId}/regions/{regionId}/collections.json", module: regionCollections },
  { path: "/admin/tenants/{tenantId}/regions/{regionId}/districts/{districtId}/collections.json", module: districtCollections },
  { path: "/admin/tenants/{tenantId}/regions/{regionId}/districts/{districtId}/locations/{locationId}/collections.json", module: locationCollections },
  { path: "/admin/tenants/{tenantId}/collections/{collectionId}/assignments.json", module: collectionAssignments },
  { path: "/admin/tenants/{tenantId}/collections/{collectionId}/locations.json", module: collectionLocations },
  { path: "/admin/tenants/{tenantId}/collections/{collectionId}/districts.json", module: collectionDistricts },
  { path: "/admin/tenants/{tenantId}/collections/{collectionId}/regions.json", module: collectionRegions },
  { path: "/admin/tenants/{tenantId}/collections/{collectionId}/fieldtests.json", module: collectionFieldTests },
  { path: "/admin/tenants/{tenantId}/collections/{collectionId}/locations/{locationId}/fieldtests.json", module: collectionLocationFieldTests },
];
