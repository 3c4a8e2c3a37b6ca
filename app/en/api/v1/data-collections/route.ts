import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { can } from "@/lib/auth/permissions";
import { fieldError, forbidden } from "@/lib/platform/errors";
import { createCollection, listAdminCollections, updateCollection } from "@/lib/collections/admin-collections";
import {
  adminCollectionResponse,
  adminCollectionsResponse,
  collectionsListQuery,
  createCollectionBody,
  updateCollectionBody,
} from "@/lib/collections/admin-schemas";
import { listTeacherCollections } from "@/lib/collections/queries";
import { teacherCollectionsResponse } from "@/lib/collections/schemas";

/**
 * role=teacher: the teacher's collections (those assigned to their locations, or the district or
 * region above). Without it: the administration list, the collections within the admin's reach; a
 * caller without that permission is still told the teacher view needs role=teacher.
 */
export const GET = apiRoute(
  {
    summary: "role=teacher: the teacher's collections; otherwise the collections within the admin's reach (collections.manage), newest window first",
    tags: ["Collections"],
    query: collectionsListQuery,
    response: teacherCollectionsResponse.or(adminCollectionsResponse),
  },
  async ({ actor, query }) => {
    if (query.role === "teacher") {
      if (!can(actor, "collections.teacherRead")) throw forbidden();
      return { dataCollections: await listTeacherCollections(actor) };
    }
    if (!can(actor, "collections.manage")) throw fieldError("role", "Must be teacher");
    return { dataCollections: await listAdminCollections(actor, { schoolYear: query.schoolYear }) };
  },
);

export const POST = apiRoute(
  {
    summary: "Create a collection of the caller's tenant (tenant admins); cycle start, cycle end and enrollment end are required, dates in unix seconds",
    tags: ["Collections administration"],
    permission: "collections.manage",
    body: createCollectionBody,
    response: adminCollectionResponse,
  },
  async ({ actor, body, req, requestId }) => ({ dataCollection: await createCollection(actor, body, originOf(req, requestId)) }),
);

export const PUT = apiRoute(
  {
    summary: "Edit a collection (id and the fields to change, scoring rules included: a change recomputes the children's results); tenant admins",
    tags: ["Collections administration"],
    permission: "collections.manage",
    body: updateCollectionBody,
    response: adminCollectionResponse,
  },
  async ({ actor, body, req, requestId }) => ({ dataCollection: await updateCollection(actor, body, originOf(req, requestId)) }),
);
