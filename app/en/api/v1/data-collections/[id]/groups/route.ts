import { apiRoute, json } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { collectionIdParams } from "@/lib/collections/schemas";
import { createGroup, deleteGroup, listTeacherGroups, updateGroup } from "@/lib/scoring/groups";
import { createGroupBody, groupChangedResponse, groupDeletedResponse, groupIdQuery, groupsResponse, updateGroupBody } from "@/lib/scoring/groups-schemas";

export const GET = apiRoute(
  {
    summary: "The teacher's own groups in one of their collections, with member enrollment ids",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: collectionIdParams,
    response: groupsResponse,
  },
  async ({ actor, params }) => ({ groups: await listTeacherGroups(actor, params.id) }),
);

export const POST = apiRoute(
  {
    summary: "Create a group of the teacher's rostered students in the collection",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    params: collectionIdParams,
    body: createGroupBody,
    response: groupChangedResponse,
    status: 201,
  },
  async ({ req, actor, params, body, requestId }) =>
    json({ group: await createGroup(actor, params.id, body, originOf(req, requestId)), message: "Group successfully created" }, 201),
);

export const PUT = apiRoute(
  {
    summary: "Update one of the teacher's groups: label, colour, and the members (replaced)",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    params: collectionIdParams,
    body: updateGroupBody,
    response: groupChangedResponse,
  },
  async ({ req, actor, params, body, requestId }) => {
    const { id, ...input } = body;
    return { group: await updateGroup(actor, params.id, id, input, originOf(req, requestId)), message: "Group successfully updated" };
  },
);

export const DELETE = apiRoute(
  {
    summary: "Delete one of the teacher's groups (?id=)",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    params: collectionIdParams,
    query: groupIdQuery,
    response: groupDeletedResponse,
  },
  async ({ req, actor, params, query, requestId }) => {
    await deleteGroup(actor, params.id, query.id, originOf(req, requestId));
    return { message: "Group successfully deleted" };
  },
);
