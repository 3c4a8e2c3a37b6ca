import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { listEnrollments, updateEnrollment } from "@/lib/enrollments/enrollments";
import { enrollmentResponse, enrollmentsResponse, studentIdQuery, updateEnrollmentBody } from "@/lib/enrollments/schemas";

export const GET = apiRoute(
  {
    summary:
      "A student's enrollments, the point of authority first, with the tenant's custom input and option values (numeric fields as numbers); the read is audited as a view",
    tags: ["Enrollments"],
    permission: "students.manage",
    query: studentIdQuery,
    response: enrollmentsResponse,
  },
  async ({ actor, query, req, requestId }) => ({ enrollments: await listEnrollments(actor, query.studentId, { origin: originOf(req, requestId) }) }),
);

export const PUT = apiRoute(
  {
    summary:
      "Edit an enrollment: prior care, custom fields input1..input10 and option1..option10 (blank is null; checked against the tenant's fields), and isPointOfAuthority true to make it the POA ('POA changed successfully')",
    tags: ["Enrollments"],
    permission: "students.manage",
    body: updateEnrollmentBody,
    response: enrollmentResponse,
  },
  async ({ actor, body, req, requestId }) => updateEnrollment(actor, body, originOf(req, requestId)),
);
