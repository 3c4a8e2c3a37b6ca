import { apiRoute } from "@/lib/platform/api";
import { listPoas } from "@/lib/enrollments/enrollments";
import { ownTenant } from "@/lib/enrollments/own-tenant";
import { adminStudentParams, poasResponse } from "@/lib/enrollments/schemas";

export const GET = apiRoute(
  { summary: "A student's active enrollments, each a possible point of authority, the current one marked", tags: ["Enrollments"], permission: "students.manage", params: adminStudentParams, response: poasResponse },
  async ({ actor, params }) => ({ poas: await listPoas(ownTenant(actor, params.tenantId), params.studentId) }),
);
