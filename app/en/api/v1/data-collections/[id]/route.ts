import { z } from "zod";
import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { can } from "@/lib/auth/permissions";
import { fieldError, forbidden } from "@/lib/platform/errors";
import { deleteCollection, getAdminCollection } from "@/lib/collections/admin-collections";
import { adminCollectionResponse, deletedCollectionResponse } from "@/lib/collections/admin-schemas";
import { getTeacherCollection } from "@/lib/collections/queries";
import { collectionIdParams, teacherCollectionResponse } from "@/lib/collections/schemas";

const query = z.object({ role: z.enum(["teacher"], { error: "Must be teacher" }).optional() });

export const GET = apiRoute(
  {
    summary: "role=teacher: one of the teacher's collections; otherwise one within the admin's reach. Any other answers 404",
    tags: ["Collections"],
    query,
    params: collectionIdParams,
    response: teacherCollectionResponse.or(adminCollectionResponse),
  },
  async ({ actor, params, query }) => {
    if (query.role === "teacher") {
      if (!can(actor, "collections.teacherRead")) throw forbidden();
      return { dataCollection: await getTeacherCollection(actor, params.id) };
    }
    if (!can(actor, "collections.manage")) throw fieldError("role", "Must be teacher");
    return { dataCollection: await getAdminCollection(actor, params.id) };
  },
);

export const DELETE = apiRoute(
  {
    summary: "Delete a collection (tenant admins; the spec names no call): it leaves every list. 409 when it has scores or is another collection's parent",
    tags: ["Collections administration"],
    permission: "collections.manage",
    params: collectionIdParams,
    response: deletedCollectionResponse,
  },
  async ({ actor, params, req, requestId }) => deleteCollection(actor, params.id, originOf(req, requestId)),
);
