import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { getStudent } from "@/lib/students/admin-list";
import { idParams, studentResponse } from "@/lib/students/schemas";

export const GET = apiRoute(
  {
    summary: "One student within the admin's reach (the read is audited as a view)",
    tags: ["Students"],
    permission: "students.manage",
    params: idParams,
    response: studentResponse,
  },
  async ({ actor, params, req, requestId }) => ({ student: await getStudent(actor, params.id, new Date(), { origin: originOf(req, requestId) }) }),
);
