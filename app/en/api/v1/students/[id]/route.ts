import { apiRoute } from "@/lib/platform/api";
import { getStudent } from "@/lib/students/admin-list";
import { idParams, studentResponse } from "@/lib/students/schemas";

export const GET = apiRoute(
  { summary: "One student within the admin's reach", tags: ["Students"], permission: "students.manage", params: idParams, response: studentResponse },
  async ({ actor, params }) => ({ student: await getStudent(actor, params.id) }),
);
