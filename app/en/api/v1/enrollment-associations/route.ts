import { apiRoute } from "@/lib/platform/api";
import { listEnrollmentAssociations } from "@/lib/enrollments/rosters";
import { enrollmentAssociationsResponse, enrollmentIdQuery } from "@/lib/enrollments/schemas";

export const GET = apiRoute(
  {
    summary: "The teachers an enrollment is rostered to",
    tags: ["Enrollments"],
    permission: "students.manage",
    query: enrollmentIdQuery,
    response: enrollmentAssociationsResponse,
  },
  async ({ actor, query }) => ({ enrollmentAssociations: await listEnrollmentAssociations(actor, query.enrollmentId) }),
);
