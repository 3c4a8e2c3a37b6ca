import { apiRoute } from "@/lib/platform/api";
import { listEnrollments } from "@/lib/enrollments/enrollments";
import { ownTenant } from "@/lib/enrollments/own-tenant";
import { adminStudentParams, enrollmentsResponse } from "@/lib/enrollments/schemas";

export const GET = apiRoute(
  { summary: "A student's enrollments (as GET /enrollments?studentId)", tags: ["Enrollments"], permission: "students.manage", params: adminStudentParams, response: enrollmentsResponse },
  async ({ actor, params }) => ({ enrollments: await listEnrollments(ownTenant(actor, params.tenantId), params.studentId) }),
);
