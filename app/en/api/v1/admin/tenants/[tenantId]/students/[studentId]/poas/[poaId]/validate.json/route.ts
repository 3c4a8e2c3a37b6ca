import { apiRoute } from "@/lib/platform/api";
import { validatePoa } from "@/lib/enrollments/enrollments";
import { ownTenant } from "@/lib/enrollments/own-tenant";
import { adminPoaParams, poaValidationResponse } from "@/lib/enrollments/schemas";

export const GET = apiRoute(
  {
    summary: "Whether an enrollment (poaId) may become the student's point of authority, and the reasons when not",
    tags: ["Enrollments"],
    permission: "students.manage",
    params: adminPoaParams,
    response: poaValidationResponse,
  },
  async ({ actor, params }) => validatePoa(ownTenant(actor, params.tenantId), params.studentId, params.poaId),
);
