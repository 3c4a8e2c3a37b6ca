import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { getStudentByStateId } from "@/lib/students/admin-list";
import { stateIdParams, studentResponse } from "@/lib/students/schemas";

export const GET = apiRoute(
  {
    summary: "The student with this exact state id (text: leading zeros count), within the admin's reach (the read is audited as a view)",
    tags: ["Students"],
    permission: "students.manage",
    params: stateIdParams,
    response: studentResponse,
  },
  async ({ actor, params, req, requestId }) => ({
    student: await getStudentByStateId(actor, params.stateId, new Date(), { origin: originOf(req, requestId), details: { lookup: "stateId" } }),
  }),
);
