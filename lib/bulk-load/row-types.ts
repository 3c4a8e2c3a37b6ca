import "server-only";
import { assignmentsLoader } from "./assignments";
import type { TypeLoader } from "./per-row";
import { rostersLoader } from "./rosters";
import { usersLoader } from "./users";

/** The types loaded row by row through the API's services (per-row.ts); students has its set-based loader in load.ts. */
export const ROW_LOADERS: Record<"users" | "rosters" | "assignments", TypeLoader> = {
  users: usersLoader,
  rosters: rostersLoader,
  assignments: assignmentsLoader,
};
