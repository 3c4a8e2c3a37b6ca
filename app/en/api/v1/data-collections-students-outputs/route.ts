import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { listStudentOutputs } from "@/lib/enrollments/outputs";
import { outputsResponse, studentIdQuery } from "@/lib/enrollments/schemas";
import { clearQuery, clearResponse } from "@/lib/isr/schemas";
import { clearIsrs } from "@/lib/isr/service";

export const GET = apiRoute(
  {
    summary: "A student's ISR per assigned collection: 'No ISR' until one is generated, 'Deleted' once cleared",
    tags: ["Enrollments"],
    permission: "students.manage",
    query: studentIdQuery,
    response: outputsResponse,
  },
  async ({ actor, query }) => ({ dataCollectionsStudentsOutputs: await listStudentOutputs(actor, query.studentId) }),
);

export const DELETE = apiRoute(
  {
    summary: "Clear the generated ISRs of a collection within one's reach, or of one school or child: their status becomes 'Deleted' ('ISR Cleared')",
    tags: ["ISRs"],
    query: clearQuery,
    response: clearResponse,
  },
  async ({ actor, query, req, requestId }) => clearIsrs(actor, query, originOf(req, requestId)),
);
