import { publicRoute, json } from "@/lib/platform/api";
import { databaseHealth } from "@/lib/platform/health";
import { healthResponse } from "@/lib/platform/schemas";
import { queueHealth } from "@/lib/platform/queue";

export const GET = publicRoute({ summary: "Whether the database and the job queue answer (503 when not)", tags: ["Platform"], response: healthResponse }, async () => {
  const [database, queue] = await Promise.all([databaseHealth(), queueHealth()]);
  const ok = database.ok && queue.ok;
  return json({ status: ok ? "ok" : "degraded", database, queue }, ok ? 200 : 503);
});
