import "server-only";
import * as infoSheet from "@/app/en/api/v1/info-sheet/route";
import * as ratingSheet from "@/app/en/api/v1/rating-sheet/route";
import * as classSheetDownload from "@/app/en/api/v1/score-sheet/[id]/download/route";
import * as classSheet from "@/app/en/api/v1/score-sheet/[id]/route";
import * as scoreSheetTemplateAll from "@/app/en/api/v1/score-sheet/template/all/route";
import * as scoreSheetTemplate from "@/app/en/api/v1/score-sheet/template/route";
import type { ApiRouteModule } from "@/lib/platform/openapi/route-module";

/** The teacher's paper PDFs: score sheets, rating sheets and the tenant's info sheet (platform §7 'Reports and outputs'; see routes.ts). */
export const SCORE_SHEET_ROUTES: readonly ApiRouteModule[] = [
  { path: "/score-sheet/template", module: scoreSheetTemplate },
  { path: "/rating-sheet", module: ratingSheet },
  { path: "/info-sheet", module: infoSheet },
  { path: "/score-sheet/template/all", module: scoreSheetTemplateAll },
  { path: "/score-sheet/{id}", module: classSheet },
  { path: "/score-sheet/{id}/download", module: classSheetDownload },
];
