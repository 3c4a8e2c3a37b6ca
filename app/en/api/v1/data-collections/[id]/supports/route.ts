import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { withAdminFlag } from "@/lib/collections/admin-flag";
import { createCollectionSupport, deleteCollectionSupport, listCollectionSupports, updateCollectionSupport } from "@/lib/collections/admin-supports";
import {
  adminFlagQuery,
  adminSupportIdQuery,
  adminSupportResponse,
  adminSupportsResponse,
  removedResponse,
  supportBody,
  updateSupportBody,
} from "@/lib/collections/admin-schemas";
import { collectionIdParams } from "@/lib/collections/schemas";
import { addStudentSupport, listTeacherSupports, removeStudentSupport, replaceStudentSupports } from "@/lib/scoring/supports";
import {
  addSupportBody,
  collectionSupportsResponse,
  replaceSupportsBody,
  studentSupportIdQuery,
  studentSupportsResponse,
} from "@/lib/scoring/supports-schemas";

const teacherGET = apiRoute(
  {
    summary: "The supports of the teacher's rostered students in one of their collections, and the supports it offers",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: collectionIdParams,
    response: collectionSupportsResponse,
  },
  async ({ actor, params }) => listTeacherSupports(actor, params.id),
);

const teacherPOST = apiRoute(
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

const teacherPUT = apiRoute(
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

const teacherDELETE = apiRoute(
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

/* ?admin=true: the supports the collection offers (spec §7: GET, POST and PUT /data-collections/{id}/supports; DELETE with id). */

const adminTags = ["Collections administration"];

const adminGET = apiRoute(
  {
    summary: "The supports the collection offers",
    tags: adminTags,
    permission: "collections.manage",
    params: collectionIdParams,
    query: adminFlagQuery,
    response: adminSupportsResponse,
  },
  async ({ actor, params }) => ({ supports: await listCollectionSupports(actor, params.id) }),
);

const adminPOST = apiRoute(
  {
    summary: "Offer a support in the collection (tenant admins)",
    tags: adminTags,
    permission: "collections.manage",
    params: collectionIdParams,
    query: adminFlagQuery,
    body: supportBody,
    response: adminSupportResponse,
  },
  async ({ req, actor, params, body, requestId }) => ({ support: await createCollectionSupport(actor, params.id, body, originOf(req, requestId)) }),
);

const adminPUT = apiRoute(
  {
    summary: "Rename a support of the collection (tenant admins)",
    tags: adminTags,
    permission: "collections.manage",
    params: collectionIdParams,
    query: adminFlagQuery,
    body: updateSupportBody,
    response: adminSupportResponse,
  },
  async ({ req, actor, params, body, requestId }) => ({ support: await updateCollectionSupport(actor, params.id, body, originOf(req, requestId)) }),
);

const adminDELETE = apiRoute(
  {
    summary: "Remove a support of the collection (?id=), with the children's records of it (tenant admins)",
    tags: adminTags,
    permission: "collections.manage",
    params: collectionIdParams,
    query: adminSupportIdQuery,
    response: removedResponse,
  },
  async ({ req, actor, params, query, requestId }) => ({ removed: await deleteCollectionSupport(actor, params.id, query.id, originOf(req, requestId)) }),
);

export const GET = withAdminFlag(
  teacherGET,
  adminGET,
  "The teacher's rostered students' supports and the supports offered; with admin=true, the supports the collection offers",
);
export const POST = withAdminFlag(
  teacherPOST,
  adminPOST,
  "Add one of the collection's supports to a rostered student; with admin=true, offer a new support (label, code)",
);
export const PUT = withAdminFlag(
  teacherPUT,
  adminPUT,
  "Replace a rostered student's supports; with admin=true, rename a support the collection offers (id, label, code)",
);
export const DELETE = withAdminFlag(
  teacherDELETE,
  adminDELETE,
  "Remove one support of a rostered student (?id=); with admin=true, remove a support the collection offers (?id=)",
);
