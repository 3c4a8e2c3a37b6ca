import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { assignCollection, listAssignments, removeAssignment } from "@/lib/enrollments/assignments";
import {
  assignmentBody,
  assignmentIdQuery,
  assignmentResponse as studentAssignmentResponse,
  assignmentsResponse,
  deletedResponse,
  enrollmentIdQuery,
} from "@/lib/enrollments/schemas";
import { updateSupportComment } from "@/lib/scoring/supports";
import { assignmentResponse, supportCommentBody } from "@/lib/scoring/supports-schemas";

export const GET = apiRoute(
  {
    summary: "An enrollment's data-collection assignments; the token is blank for all but tenant admins when the collection's hideToken is set",
    tags: ["Enrollments"],
    permission: "students.manage",
    query: enrollmentIdQuery,
    response: assignmentsResponse,
  },
  async ({ actor, query }) => listAssignments(actor, query.enrollmentId),
);

export const POST = apiRoute(
  {
    summary:
      "Assign an enrollment to a collection of its location (teacherType Primary); every refusal answers 'Failed to Assign Data Collection' with the reason on parentDataCollectionId",
    tags: ["Enrollments"],
    permission: "students.manage",
    body: assignmentBody,
    response: studentAssignmentResponse,
  },
  async ({ actor, body, req, requestId }) => ({ dataCollectionsStudentAssignment: await assignCollection(actor, body, originOf(req, requestId)) }),
);

export const PUT = apiRoute(
  {
    summary: "Set or clear the supports note of a rostered student's assignment to one of the teacher's collections",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    body: supportCommentBody,
    response: assignmentResponse,
  },
  async ({ req, actor, body, requestId }) => ({ assignment: await updateSupportComment(actor, body.id, body.supportComment, originOf(req, requestId)) }),
);

export const DELETE = apiRoute(
  {
    summary: "Remove an enrollment's assignment to a collection (its scores are kept)",
    tags: ["Enrollments"],
    permission: "students.manage",
    query: assignmentIdQuery,
    response: deletedResponse,
  },
  async ({ actor, query, req, requestId }) => removeAssignment(actor, query.assignmentId, originOf(req, requestId)),
);
