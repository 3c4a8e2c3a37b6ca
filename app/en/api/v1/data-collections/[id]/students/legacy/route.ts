import { apiRoute } from "@/lib/platform/api";
import { collectionIdParams } from "@/lib/collections/schemas";
import { rosterResponse } from "@/lib/scoring/grade-schemas";
import { listRosterStudents } from "@/lib/scoring/grades";

export const GET = apiRoute(
  {
    summary: "The caller's rostered children assigned to the collection, by name, with their stored results",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: collectionIdParams,
    response: rosterResponse,
  },
  async ({ actor, params }) => ({ students: await listRosterStudents(actor, params.id) }),
);
