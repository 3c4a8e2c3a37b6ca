import { apiRoute } from "@/lib/platform/api";
import { listStudentOutputs } from "@/lib/enrollments/outputs";
import { outputsResponse, studentIdQuery } from "@/lib/enrollments/schemas";

export const GET = apiRoute(
  { summary: "A student's ISR per assigned collection: 'No ISR' until one is generated, 'Deleted' once cleared", tags: ["Enrollments"], permission: "students.manage", query: studentIdQuery, response: outputsResponse },
  async ({ actor, query }) => ({ dataCollectionsStudentsOutputs: await listStudentOutputs(actor, query.studentId) }),
);
