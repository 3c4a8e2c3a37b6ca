import { apiRoute } from "@/lib/platform/api";
import { listTenantMilestones } from "@/lib/scoring/milestones";
import { tenantMilestonesResponse } from "@/lib/scoring/milestones-schemas";

/** Teachers and administrators; the service checks (no single permission names both). */
export const GET = apiRoute(
  { summary: "The milestones of the caller's tenant, in order", tags: ["Collections"], response: tenantMilestonesResponse },
  async ({ actor }) => ({ tenantMilestones: await listTenantMilestones(actor) }),
);
