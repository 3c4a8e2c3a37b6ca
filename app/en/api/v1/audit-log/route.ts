import { auditQuery, auditResponse } from "@/lib/audit/schemas";
import { listAudit } from "@/lib/audit/trail";
import { apiRoute } from "@/lib/platform/api";

export const GET = apiRoute(
  {
    summary:
      "The audit trail within the admin's reach, newest first: filter by a student, user, region, district or location and by dates; each row says who, when, what, and the values before and after",
    tags: ["Transfers"],
    permission: "audit.read",
    query: auditQuery,
    response: auditResponse,
  },
  async ({ actor, query }) => listAudit(actor, query),
);
