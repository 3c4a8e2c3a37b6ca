import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { listPoas } from "@/lib/enrollments/enrollments";
import { ownTenant } from "@/lib/enrollments/own-tenant";
import { adminStudentParams, poasResponse } from "@/lib/enrollments/schemas";

export const GET = apiRoute(
  {
    summary: "A student's active enrollments, each a possible point of authority, the current one marked (the read is audited as a view)",
    tags: ["Enrollments"],
    permission: "students.manage",
    params: adminStudentParams,
    response: poasResponse,
  },
  async ({ actor, params, req, requestId }) => ({
    poas: await listPoas(ownTenant(actor, params.tenantId), params.studentId, { origin: originOf(req, requestId) }),
  }),
);
