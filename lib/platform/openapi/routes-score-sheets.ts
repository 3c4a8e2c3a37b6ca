import "server-only";
import * as scoreSheetTemplateAll from "@/app/en/api/v1/score-sheet/template/all/route";
import * as scoreSheetTemplate from "@/app/en/api/v1/score-sheet/template/route";
import type { ApiRouteModule } from "./route-module";

/** The score-sheet PDFs (platform §7 'Reports and outputs'; see routes.ts). */
export const SCORE_SHEET_ROUTES: readonly ApiRouteModule[] = [
  { path: "/score-sheet/template", module: scoreSheetTemplate },
  { path: "/score-sheet/template/all", module: scoreSheetTemplateAll },
];
