/**
 * The registry: every API route module with its path (OpenAPI `{param}` form, under /en/api/v1). It
 * lives beside the routes because lib/ never imports app/; the OpenAPI document (./document.ts), the
 * reference page and the tests that walk every operation read it. A route added under app/en/api/v1
 * must be listed here or in its area's routes-<area>.ts: tests/api/openapi.test.ts walks the folder
 * and fails otherwise. The catch-all [...path] (a JSON 404 for unknown paths) is no operation and is
 * left out. `_registry` is a private folder: Next routes nothing in it.
 */
import "server-only";
import type { ApiRouteModule } from "@/lib/platform/openapi/route-module";
import * as adminCollectionsIdGroups from "@/app/en/api/v1/admin/collections/[id]/groups.json/route";
import * as assessments from "@/app/en/api/v1/assessments/route";
import * as dataCollectionsIdCompletedHierarchy from "@/app/en/api/v1/data-collections/[id]/completed/hierarchy/route";
import * as dataCollectionsIdCompleted from "@/app/en/api/v1/data-collections/[id]/completed/route";
import * as dataCollectionsIdCompletedSetsStudents from "@/app/en/api/v1/data-collections/[id]/completed/sets/students/route";
import * as dataCollectionsIdCompletedSets from "@/app/en/api/v1/data-collections/[id]/completed/sets/route";
import * as dataCollectionsIdCompletedStudents from "@/app/en/api/v1/data-collections/[id]/completed/students/route";
import * as dataCollectionsIdGrades from "@/app/en/api/v1/data-collections/[id]/grades/route";
import * as dataCollectionsStudentAssignments from "@/app/en/api/v1/data-collections-student-assignments/route";
import * as dataCollectionsIdGroups from "@/app/en/api/v1/data-collections/[id]/groups/route";
import * as dataCollectionsIdHierarchyItems from "@/app/en/api/v1/data-collections/[id]/hierarchy-items/route";
import * as dataCollectionsIdItems from "@/app/en/api/v1/data-collections/[id]/items/route";
import * as dataCollectionsIdItemsResources from "@/app/en/api/v1/data-collections/[id]/items/resources/route";
import * as dataCollectionsIdScoresGradeIdArtifacts from "@/app/en/api/v1/data-collections/[id]/scores/[gradeId]/artifacts/route";
import * as dataCollectionsIdScoresGradeIdArtifactsArtifactId from "@/app/en/api/v1/data-collections/[id]/scores/[gradeId]/artifacts/[artifactId]/route";
import * as dataCollectionsIdStudentsStudentIdGradesHistory from "@/app/en/api/v1/data-collections/[id]/students/[studentId]/grades/history/route";
import * as dataCollectionsIdStudentsStudentIdGradesMilestone from "@/app/en/api/v1/data-collections/[id]/students/[studentId]/grades/milestone/route";
import * as dataCollectionsIdStudentsStudentIdItemsItemIdGradesHistory from "@/app/en/api/v1/data-collections/[id]/students/[studentId]/items/[itemId]/grades/history/route";
import * as dataCollectionsId from "@/app/en/api/v1/data-collections/[id]/route";
import * as dataCollectionsIdScales from "@/app/en/api/v1/data-collections/[id]/scales/route";
import * as dataCollectionsIdScoresGradeId from "@/app/en/api/v1/data-collections/[id]/scores/[gradeId]/route";
import * as dataCollectionsIdScores from "@/app/en/api/v1/data-collections/[id]/scores/route";
import * as dataCollectionsIdScoresBatch from "@/app/en/api/v1/data-collections/[id]/scores/batch/route";
import * as dataCollectionsIdSets from "@/app/en/api/v1/data-collections/[id]/sets/route";
import * as dataCollectionsIdStudentsLegacy from "@/app/en/api/v1/data-collections/[id]/students/legacy/route";
import * as dataCollectionsIdSupports from "@/app/en/api/v1/data-collections/[id]/supports/route";
import * as dataCollections from "@/app/en/api/v1/data-collections/route";
import * as districtsId from "@/app/en/api/v1/districts/[id]/route";
import * as districts from "@/app/en/api/v1/districts/route";
import * as students from "@/app/en/api/v1/students/route";
import * as studentsId from "@/app/en/api/v1/students/[id]/route";
import * as studentsIdResults from "@/app/en/api/v1/students/[id]/results/route";
import * as studentsSsidStateId from "@/app/en/api/v1/students/ssid/[stateId]/route";
import * as downloadsSlotFile from "@/app/en/api/v1/downloads/[slot]/file/route";
import * as downloadsSlot from "@/app/en/api/v1/downloads/[slot]/route";
import * as downloads from "@/app/en/api/v1/downloads/route";
import * as enrollmentsIdSupports from "@/app/en/api/v1/enrollments/[id]/supports/route";
import * as forgotPasswordEmail from "@/app/en/api/v1/forgot-password/email/route";
import * as forgotPasswordReset from "@/app/en/api/v1/forgot-password/reset/route";
import * as health from "@/app/en/api/v1/health/route";
import * as locationsId from "@/app/en/api/v1/locations/[id]/route";
import * as locations from "@/app/en/api/v1/locations/route";
import * as loginImpersonate from "@/app/en/api/v1/login/impersonate/route";
import * as loginMe from "@/app/en/api/v1/login/me/route";
import * as login from "@/app/en/api/v1/login/route";
import * as logoutImpersonate from "@/app/en/api/v1/logout/impersonate/route";
import * as logout from "@/app/en/api/v1/logout/route";
import * as openapi from "@/app/en/api/v1/openapi.json/route";
import * as raceCodes from "@/app/en/api/v1/race-codes/route";
import * as regionsId from "@/app/en/api/v1/regions/[id]/route";
import * as regions from "@/app/en/api/v1/regions/route";
import * as tenantRegions from "@/app/en/api/v1/admin/tenants/[tenantId]/regions.json/route";
import * as tenantDistricts from "@/app/en/api/v1/admin/tenants/[tenantId]/districts.json/route";
import * as schoolYears from "@/app/en/api/v1/school-years/route";
import * as scoreMilestoneActive from "@/app/en/api/v1/score-milestone/active/route";
import * as scoreMilestoneCapture from "@/app/en/api/v1/score-milestone/capture/route";
import * as scoreSheetHistory from "@/app/en/api/v1/score-sheet/history/route";
import * as storageDownload from "@/app/en/api/v1/storage/download/route";
import * as storageParts from "@/app/en/api/v1/storage/parts/route";
import * as systemCompleteMultipartUpload from "@/app/en/api/v1/system/complete-multipart-upload/route";
import * as systemCreateMultipartUpload from "@/app/en/api/v1/system/create-multipart-upload/route";
import * as tenantMilestone from "@/app/en/api/v1/tenant-milestone/route";
import * as tenantSearchTenant from "@/app/en/api/v1/tenant_search/[tenant]/route";
import * as tenantsFields from "@/app/en/api/v1/tenants-fields/route";
import * as userRegistration from "@/app/en/api/v1/user-registration/route";
import * as usersIdOrganizations from "@/app/en/api/v1/users/[id]/organizations/route";
import * as usersIdRegistrationInvite from "@/app/en/api/v1/users/[id]/registration-invite/route";
import * as users from "@/app/en/api/v1/users/route";
import { USERS_ROUTES } from "./routes-users";
import { ENROLLMENTS_ROUTES } from "./routes-enrollments";
import { TRANSFERS_ROUTES } from "./routes-transfers";
import { COLLECTIONS_ADMIN_ROUTES } from "./routes-collections-admin";
import { SYSTEM_ROUTES } from "./routes-system";
import { NOTIFICATIONS_ROUTES } from "./routes-notifications";
import { REPORTS_ROUTES } from "./routes-reports";
import { ISR_ROUTES } from "./routes-isr";
import { BULK_LOAD_ROUTES } from "./routes-bulk-loads";
import { ONEROSTER_ROUTES } from "./routes-oneroster";
import { SCORE_SHEET_ROUTES } from "./routes-score-sheets";
import { DISPLAYS_ROUTES } from "./routes-displays";

export type { ApiRouteModule };

export const API_ROUTES: readonly ApiRouteModule[] = [
  { path: "/admin/collections/{id}/groups.json", module: adminCollectionsIdGroups },
  { path: "/assessments", module: assessments },
  { path: "/data-collections/{id}/items", module: dataCollectionsIdItems },
  { path: "/data-collections/{id}/scales", module: dataCollectionsIdScales },
  { path: "/data-collections/{id}/hierarchy-items", module: dataCollectionsIdHierarchyItems },
  { path: "/data-collections/{id}/sets", module: dataCollectionsIdSets },
  { path: "/data-collections/{id}/items/resources", module: dataCollectionsIdItemsResources },
  { path: "/data-collections/{id}/scores/{gradeId}/artifacts", module: dataCollectionsIdScoresGradeIdArtifacts },
  { path: "/data-collections/{id}/scores/{gradeId}/artifacts/{artifactId}", module: dataCollectionsIdScoresGradeIdArtifactsArtifactId },
  { path: "/data-collections/{id}/students/{studentId}/items/{itemId}/grades/history", module: dataCollectionsIdStudentsStudentIdItemsItemIdGradesHistory },
  { path: "/data-collections/{id}/students/{studentId}/grades/history", module: dataCollectionsIdStudentsStudentIdGradesHistory },
  { path: "/data-collections/{id}/students/{studentId}/grades/milestone", module: dataCollectionsIdStudentsStudentIdGradesMilestone },
  { path: "/data-collections/{id}/students/legacy", module: dataCollectionsIdStudentsLegacy },
  { path: "/data-collections/{id}/grades", module: dataCollectionsIdGrades },
  { path: "/data-collections/{id}/scores", module: dataCollectionsIdScores },
  { path: "/data-collections/{id}/scores/batch", module: dataCollectionsIdScoresBatch },
  { path: "/data-collections/{id}/scores/{gradeId}", module: dataCollectionsIdScoresGradeId },
  { path: "/data-collections/{id}/completed", module: dataCollectionsIdCompleted },
  { path: "/data-collections/{id}/completed/students", module: dataCollectionsIdCompletedStudents },
  { path: "/data-collections/{id}/completed/sets", module: dataCollectionsIdCompletedSets },
  { path: "/data-collections/{id}/completed/sets/students", module: dataCollectionsIdCompletedSetsStudents },
  { path: "/data-collections/{id}/completed/hierarchy", module: dataCollectionsIdCompletedHierarchy },
  { path: "/data-collections/{id}/groups", module: dataCollectionsIdGroups },
  { path: "/data-collections/{id}/supports", module: dataCollectionsIdSupports },
  { path: "/data-collections/{id}", module: dataCollectionsId },
  { path: "/data-collections", module: dataCollections },
  { path: "/data-collections-student-assignments", module: dataCollectionsStudentAssignments },
  { path: "/districts/{id}", module: districtsId },
  { path: "/districts", module: districts },
  { path: "/students", module: students },
  { path: "/students/{id}", module: studentsId },
  { path: "/students/{id}/results", module: studentsIdResults },
  { path: "/students/ssid/{stateId}", module: studentsSsidStateId },
  { path: "/downloads/{slot}/file", module: downloadsSlotFile },
  { path: "/downloads/{slot}", module: downloadsSlot },
  { path: "/downloads", module: downloads },
  { path: "/enrollments/{id}/supports", module: enrollmentsIdSupports },
  { path: "/forgot-password/email", module: forgotPasswordEmail },
  { path: "/forgot-password/reset", module: forgotPasswordReset },
  { path: "/health", module: health },
  { path: "/locations/{id}", module: locationsId },
  { path: "/locations", module: locations },
  { path: "/login/impersonate", module: loginImpersonate },
  { path: "/login/me", module: loginMe },
  { path: "/login", module: login },
  { path: "/logout/impersonate", module: logoutImpersonate },
  { path: "/logout", module: logout },
  { path: "/openapi.json", module: openapi },
  { path: "/race-codes", module: raceCodes },
  { path: "/regions/{id}", module: regionsId },
  { path: "/regions", module: regions },
  { path: "/admin/tenants/{tenantId}/regions.json", module: tenantRegions },
  { path: "/admin/tenants/{tenantId}/districts.json", module: tenantDistricts },
  { path: "/school-years", module: schoolYears },
  { path: "/score-milestone/active", module: scoreMilestoneActive },
  { path: "/score-milestone/capture", module: scoreMilestoneCapture },
  { path: "/score-sheet/history", module: scoreSheetHistory },
  { path: "/storage/download", module: storageDownload },
  { path: "/storage/parts", module: storageParts },
  { path: "/system/complete-multipart-upload", module: systemCompleteMultipartUpload },
  { path: "/system/create-multipart-upload", module: systemCreateMultipartUpload },
  { path: "/tenant-milestone", module: tenantMilestone },
  { path: "/tenant_search/{tenant}", module: tenantSearchTenant },
  { path: "/tenants-fields", module: tenantsFields },
  { path: "/user-registration", module: userRegistration },
  { path: "/users/{id}/organizations", module: usersIdOrganizations },
  { path: "/users/{id}/registration-invite", module: usersIdRegistrationInvite },
  { path: "/users", module: users },
  // Each feature area lists its routes in its own file (routes-<area>.ts), so areas grow apart.
  ...USERS_ROUTES,
  ...ENROLLMENTS_ROUTES,
  ...TRANSFERS_ROUTES,
  ...COLLECTIONS_ADMIN_ROUTES,
  ...SYSTEM_ROUTES,
  ...NOTIFICATIONS_ROUTES,
  ...REPORTS_ROUTES,
  ...ISR_ROUTES,
  ...BULK_LOAD_ROUTES,
  ...ONEROSTER_ROUTES,
  ...SCORE_SHEET_ROUTES,
  ...DISPLAYS_ROUTES,
];
