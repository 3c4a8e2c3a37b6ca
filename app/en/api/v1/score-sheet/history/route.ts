import { apiRoute } from "@/lib/platform/api";
import { scoreSheetHistory } from "@/lib/scoring/history";
import { scoreSheetHistoryQuery, scoreSheetHistoryResponse } from "@/lib/scoring/history-schemas";

export const GET = apiRoute(
  {
    summary: "Score sheets generated for the teacher's rostered child, or without studentEnrollmentId the collection-wide sheets the teacher created",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    query: scoreSheetHistoryQuery,
    response: scoreSheetHistoryResponse,
  },
  async ({ actor, query }) => ({ scoreSheets: await scoreSheetHistory(actor, query.dataCollectionId, query.studentEnrollmentId) }),
);
