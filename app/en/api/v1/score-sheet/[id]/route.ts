import { apiRoute } from "@/lib/platform/api";
import { classSheetParams, classSheetStatusResponse } from "@/lib/score-sheets/schemas";
import { classSheetStatus } from "@/lib/score-sheets/service";

export const GET = apiRoute(
  {
    summary: "Where one's class score sheets stand (queued, in_progress, complete, failed) with their download URL",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: classSheetParams,
    response: classSheetStatusResponse,
  },
  async ({ actor, params }) => classSheetStatus(actor, params.id),
);
