import { can } from "@/lib/auth/permissions";
import { publicRoute, json } from "@/lib/platform/api";
import { databaseHealth } from "@/lib/platform/health";
import { healthResponse } from "@/lib/platform/schemas";
import { queueHealth } from "@/lib/platform/queue";

/** Public for load balancers; the driver and queue counts describe the installation, so only system administrators see them. */
export const GET = publicRoute(
  { summary: "Whether the database and the job queue answer (503 when not); details for system administrators", tags: ["Platform"], response: healthResponse },
  async ({ actor }) => {
    const [database, queue] = await Promise.all([databaseHealth(), queueHealth()]);
    const ok = database.ok && queue.ok;
    const details = actor && can(actor, "area.system") ? { database, queue } : {};
    return json({ status: ok ? "ok" : "degraded", ...details }, ok ? 200 : 503);
  },
);
