import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { listEnrollments } from "@/lib/enrollments/enrollments";
import { ownTenant } from "@/lib/enrollments/own-tenant";
import { adminStudentParams, enrollmentsResponse } from "@/lib/enrollments/schemas";

export const GET = apiRoute(
  {
    summary: "A student's enrollments (as GET /enrollments?studentId; the read is audited as a view)",
    tags: ["Enrollments"],
    permission: "students.manage",
    params: adminStudentParams,
    response: enrollmentsResponse,
  },
  async ({ actor, params, req, requestId }) => ({
    enrollments: await listEnrollments(ownTenant(actor, params.tenantId), params.studentId, { origin: originOf(req, requestId) }),
  }),
);
