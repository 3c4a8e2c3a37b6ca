import { publicRoute, json } from "@/lib/platform/api";
import { databaseHealth } from "@/lib/platform/health";

export const GET = publicRoute({}, async () => {
  const database = await databaseHealth();
  const ok = database.ok;
  return json({ status: ok ? "ok" : "degraded", database }, ok ? 200 : 503);
});
