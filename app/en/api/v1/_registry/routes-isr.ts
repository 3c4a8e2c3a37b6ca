import "server-only";
import * as dataCollectionsIdOutputsDownload from "@/app/en/api/v1/data-collections/[id]/outputs/download/route";
import * as dataCollectionsIdOutputsDownloadZip from "@/app/en/api/v1/data-collections/[id]/outputs/download/zip/route";
import * as dataCollectionsOutputs from "@/app/en/api/v1/data-collections-outputs/route";
import * as dataCollectionsStudentsOutputsOutputId from "@/app/en/api/v1/data-collections-students-outputs/[outputId]/route";
import * as reportsIndividualStudent from "@/app/en/api/v1/reports/individual-student/route";
import * as reportsIndividualStudentOutput from "@/app/en/api/v1/reports/individual-student/[outputId]/route";
import type { ApiRouteModule } from "@/lib/platform/openapi/route-module";

/**
 * The ISR area's API routes (see routes.ts). DELETE /data-collections-students-outputs (clear) sits
 * in the enrollments area's module of that path, listed there.
 */
export const ISR_ROUTES: readonly ApiRouteModule[] = [
  { path: "/reports/individual-student", module: reportsIndividualStudent },
  { path: "/reports/individual-student/{outputId}", module: reportsIndividualStudentOutput },
  { path: "/data-collections-outputs", module: dataCollectionsOutputs },
  { path: "/data-collections-students-outputs/{outputId}", module: dataCollectionsStudentsOutputsOutputId },
  { path: "/data-collections/{id}/outputs/download", module: dataCollectionsIdOutputsDownload },
  { path: "/data-collections/{id}/outputs/download/zip", module: dataCollectionsIdOutputsDownloadZip },
];
