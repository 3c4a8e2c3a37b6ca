import "server-only";
import * as adminTenantsJobs from "@/app/en/api/v1/admin/tenants/[tenantId]/jobs.json/route";
import * as adminTenantsReports from "@/app/en/api/v1/admin/tenants/[tenantId]/reports.json/route";
import * as dataCollectionsIdEdfiResource from "@/app/en/api/v1/data-collections/[id]/edfi/[resource]/route";
import * as dataCollectionsIdEdfiRuns from "@/app/en/api/v1/data-collections/[id]/edfi/runs/route";
import * as dataCollectionsIdEdfiSend from "@/app/en/api/v1/data-collections/[id]/edfi/send/route";
import * as edfiConnection from "@/app/en/api/v1/edfi/connection/route";
import * as edfiSettings from "@/app/en/api/v1/edfi/settings/route";
import * as reportsArchive from "@/app/en/api/v1/reports/archive/route";
import * as reportsDownload from "@/app/en/api/v1/reports/download/[id]/route";
import * as reportsName from "@/app/en/api/v1/reports/[name]/route";
import * as reports from "@/app/en/api/v1/reports/route";
import * as userCollectionsReports from "@/app/en/api/v1/user/collections/[id]/reports.json/route";
import * as userCollectionsReport from "@/app/en/api/v1/user/collections/[id]/reports/[reportId]/route";
import type { ApiRouteModule } from "@/lib/platform/openapi/route-module";

/** The reports area's API routes (see routes.ts). */
export const REPORTS_ROUTES: readonly ApiRouteModule[] = [
  { path: "/admin/tenants/{tenantId}/reports.json", module: adminTenantsReports },
  { path: "/admin/tenants/{tenantId}/jobs.json", module: adminTenantsJobs },
  { path: "/reports", module: reports },
  { path: "/reports/archive", module: reportsArchive },
  { path: "/reports/download/{id}", module: reportsDownload },
  { path: "/reports/{name}", module: reportsName },
  { path: "/user/collections/{id}/reports.json", module: userCollectionsReports },
  { path: "/user/collections/{id}/reports/{reportId}", module: userCollectionsReport },
  { path: "/data-collections/{id}/edfi/{resource}", module: dataCollectionsIdEdfiResource },
  { path: "/data-collections/{id}/edfi/send", module: dataCollectionsIdEdfiSend },
  { path: "/data-collections/{id}/edfi/runs", module: dataCollectionsIdEdfiRuns },
  { path: "/edfi/connection", module: edfiConnection },
  { path: "/edfi/settings", module: edfiSettings },
];
