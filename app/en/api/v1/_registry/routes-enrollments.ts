import "server-only";
import type { ApiRouteModule } from "@/lib/platform/openapi/route-module";
import * as adminStudentEnrollments from "@/app/en/api/v1/admin/tenants/[tenantId]/students/[studentId]/enrollments.json/route";
import * as adminStudentPoas from "@/app/en/api/v1/admin/tenants/[tenantId]/students/[studentId]/poas.json/route";
import * as adminStudentPoaValidate from "@/app/en/api/v1/admin/tenants/[tenantId]/students/[studentId]/poas/[poaId]/validate.json/route";
import * as dataCollectionsStudentsOutputs from "@/app/en/api/v1/data-collections-students-outputs/route";
import * as enrollmentAssociations from "@/app/en/api/v1/enrollment-associations/route";
import * as enrollments from "@/app/en/api/v1/enrollments/route";
import * as userStudentsAssociations from "@/app/en/api/v1/user-students-associations/route";
import * as userStudentsAssociationsAvailable from "@/app/en/api/v1/user-students-associations/[userId]/available/route";

/**
 * The enrollments area's API routes (see routes.ts): enrollments and POA, rosters, the ISR list.
 * GET/POST/DELETE /data-collections-student-assignments share a module with the teacher's PUT and
 * are listed in routes.ts.
 */
export const ENROLLMENTS_ROUTES: readonly ApiRouteModule[] = [
  { path: "/admin/tenants/{tenantId}/students/{studentId}/enrollments.json", module: adminStudentEnrollments },
  { path: "/admin/tenants/{tenantId}/students/{studentId}/poas.json", module: adminStudentPoas },
  { path: "/admin/tenants/{tenantId}/students/{studentId}/poas/{poaId}/validate.json", module: adminStudentPoaValidate },
  { path: "/data-collections-students-outputs", module: dataCollectionsStudentsOutputs },
  { path: "/enrollment-associations", module: enrollmentAssociations },
  { path: "/enrollments", module: enrollments },
  { path: "/user-students-associations", module: userStudentsAssociations },
  { path: "/user-students-associations/{userId}/available", module: userStudentsAssociationsAvailable },
];
