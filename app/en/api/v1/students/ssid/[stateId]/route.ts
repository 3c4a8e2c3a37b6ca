import { apiRoute } from "@/lib/platform/api";
import { getStudentByStateId } from "@/lib/students/admin-list";
import { stateIdParams, studentResponse } from "@/lib/students/schemas";

export const GET = apiRoute(
  { summary: "The student with this exact state id (text: leading zeros count), within the admin's reach", tags: ["Students"], permission: "students.manage", params: stateIdParams, response: studentResponse },
  async ({ actor, params }) => ({ student: await getStudentByStateId(actor, params.stateId) }),
);
