import "server-only";
import type { ApiRouteModule } from "@/lib/platform/openapi/route-module";
import * as acknowledgementsId from "@/app/en/api/v1/acknowledgements/[id]/route";
import * as acknowledgements from "@/app/en/api/v1/acknowledgements/route";
import * as assessmentsIdExport from "@/app/en/api/v1/assessments/[id]/export/route";
import * as assessmentsIdHierarchyItems from "@/app/en/api/v1/assessments/[id]/hierarchy-items/route";
import * as assessmentsIdItemsItemIdEntries from "@/app/en/api/v1/assessments/[id]/items/[itemId]/entries/route";
import * as assessmentsIdItemsItemIdResourcesResourceIdDownload from "@/app/en/api/v1/assessments/[id]/items/[itemId]/resources/[resourceId]/download/route";
import * as assessmentsIdItemsItemIdResources from "@/app/en/api/v1/assessments/[id]/items/[itemId]/resources/route";
import * as assessmentsIdItems from "@/app/en/api/v1/assessments/[id]/items/route";
import * as assessmentsId from "@/app/en/api/v1/assessments/[id]/route";
import * as assessmentsIdScalesScaleIdEntries from "@/app/en/api/v1/assessments/[id]/scales/[scaleId]/entries/route";
import * as assessmentsIdScales from "@/app/en/api/v1/assessments/[id]/scales/route";
import * as assessmentsImport from "@/app/en/api/v1/assessments/import/route";
import * as systemMailCheckId from "@/app/en/api/v1/system/mail-check/[id]/route";
import * as systemMailCheck from "@/app/en/api/v1/system/mail-check/route";
import * as tenantAdmins from "@/app/en/api/v1/tenant-admins/route";
import * as tenantIntegrationLicensesId from "@/app/en/api/v1/tenant-integration-licenses/[id]/route";
import * as tenantIntegrationLicenses from "@/app/en/api/v1/tenant-integration-licenses/route";
import * as tenantIntegrationsId from "@/app/en/api/v1/tenant-integrations/[id]/route";
import * as tenantIntegrations from "@/app/en/api/v1/tenant-integrations/route";
import * as tenantsIdLogo from "@/app/en/api/v1/tenants/[id]/logo/route";
import * as tenantsIdInfoSheet from "@/app/en/api/v1/tenants/[id]/info-sheet/route";
import * as tenants from "@/app/en/api/v1/tenants/route";

/** The system area's API routes (see routes.ts); /assessments and /school-years themselves are listed there. */
export const SYSTEM_ROUTES: readonly ApiRouteModule[] = [
  { path: "/acknowledgements", module: acknowledgements },
  { path: "/acknowledgements/{id}", module: acknowledgementsId },
  { path: "/assessments/import", module: assessmentsImport },
  { path: "/assessments/{id}", module: assessmentsId },
  { path: "/assessments/{id}/export", module: assessmentsIdExport },
  { path: "/assessments/{id}/hierarchy-items", module: assessmentsIdHierarchyItems },
  { path: "/assessments/{id}/items", module: assessmentsIdItems },
  { path: "/assessments/{id}/items/{itemId}/entries", module: assessmentsIdItemsItemIdEntries },
  { path: "/assessments/{id}/items/{itemId}/resources", module: assessmentsIdItemsItemIdResources },
  { path: "/assessments/{id}/items/{itemId}/resources/{resourceId}/download", module: assessmentsIdItemsItemIdResourcesResourceIdDownload },
  { path: "/assessments/{id}/scales", module: assessmentsIdScales },
  { path: "/assessments/{id}/scales/{scaleId}/entries", module: assessmentsIdScalesScaleIdEntries },
  { path: "/system/mail-check", module: systemMailCheck },
  { path: "/system/mail-check/{id}", module: systemMailCheckId },
  { path: "/tenant-admins", module: tenantAdmins },
  { path: "/tenant-integration-licenses", module: tenantIntegrationLicenses },
  { path: "/tenant-integration-licenses/{id}", module: tenantIntegrationLicensesId },
  { path: "/tenant-integrations", module: tenantIntegrations },
  { path: "/tenant-integrations/{id}", module: tenantIntegrationsId },
  { path: "/tenants", module: tenants },
  { path: "/tenants/{id}/logo", module: tenantsIdLogo },
  { path: "/tenants/{id}/info-sheet", module: tenantsIdInfoSheet },
];
