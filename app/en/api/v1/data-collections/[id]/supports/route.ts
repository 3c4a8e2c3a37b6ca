import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { collectionIdParams } from "@/lib/collections/schemas";
import { addStudentSupport, listTeacherSupports, removeStudentSupport, replaceStudentSupports } from "@/lib/scoring/supports";
import { addSupportBody, collectionSupportsResponse, replaceSupportsBody, studentSupportIdQuery, studentSupportsResponse } from "@/lib/scoring/supports-schemas";

export const GET = apiRoute(
  {
    summary: "The supports of the teacher's rostered students in one of their collections, and the supports it offers",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: collectionIdParams,
    response: collectionSupportsResponse,
  },
  async ({ actor, params }) => listTeacherSupports(actor, params.id),
);

export const POST = apiRoute(
  {
    summary: "Add one of the collection's supports to a rostered student",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    params: collectionIdParams,
    body: addSupportBody,
    response: studentSupportsResponse,
  },
  async ({ req, actor, params, body, requestId }) => ({
    dataCollectionsStudentSupports: await addStudentSupport(actor, params.id, body.studentEnrollmentId, body.supportId, originOf(req, requestId)),
  }),
);

export const PUT = apiRoute(
  {
    summary: "Replace a rostered student's supports in the collection",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    params: collectionIdParams,
    body: replaceSupportsBody,
    response: studentSupportsResponse,
  },
  async ({ req, actor, params, body, requestId }) => ({
    dataCollectionsStudentSupports: await replaceStudentSupports(actor, params.id, body.studentEnrollmentId, body.supportIds, originOf(req, requestId)),
  }),
);

export const DELETE = apiRoute(
  {
    summary: "Remove one support of a rostered student (?id=)",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    params: collectionIdParams,
    query: studentSupportIdQuery,
    response: studentSupportsResponse,
  },
  async ({ req, actor, params, query, requestId }) => ({
    dataCollectionsStudentSupports: await removeStudentSupport(actor, params.id, query.id, originOf(req, requestId)),
  }),
);
