import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { assignToTeacher, listRoster, unassignFromTeacher } from "@/lib/enrollments/rosters";
import { associationBody, associationIdQuery, associationResponse, deletedResponse, rosterResponse, userIdQuery } from "@/lib/enrollments/schemas";

export const GET = apiRoute(
  {
    summary: "A teacher's roster at the locations in the admin's reach",
    tags: ["Rosters"],
    permission: "students.manage",
    query: userIdQuery,
    response: rosterResponse,
  },
  async ({ actor, query }) => ({ userStudentsAssociations: await listRoster(actor, query.userId) }),
);

export const POST = apiRoute(
  {
    summary: "Roster an active enrollment at a location to one of the location's teachers (ROLE_TEACHER members); 409 when already rostered",
    tags: ["Rosters"],
    permission: "students.manage",
    body: associationBody,
    response: associationResponse,
  },
  async ({ actor, body, req, requestId }) => ({ userStudentsAssociation: await assignToTeacher(actor, body, originOf(req, requestId)) }),
);

export const DELETE = apiRoute(
  { summary: "Take a student off a teacher's roster", tags: ["Rosters"], permission: "students.manage", query: associationIdQuery, response: deletedResponse },
  async ({ actor, query, req, requestId }) => unassignFromTeacher(actor, query.associationId, originOf(req, requestId)),
);
