import { apiRoute, json } from "@/lib/platform/api";
import { listSchoolYears } from "@/lib/school-years/queries";
import { originOf } from "@/lib/platform/audit";
import { createSchoolYearBody, schoolYearResponse, schoolYearsResponse, updateSchoolYearBody } from "@/lib/school-years/schemas";
import { createSchoolYear, updateSchoolYear } from "@/lib/school-years/service";

export const GET = apiRoute(
  { summary: "Every school year, newest first, with the tenant's collections in each", tags: ["Lookups"], response: schoolYearsResponse },
  async ({ actor }) => ({ schoolYears: await listSchoolYears(actor) }),
);

export const POST = apiRoute(
  {
    summary: "Create a school year",
    tags: ["Lookups"],
    permission: "system.schoolYears",
    body: createSchoolYearBody,
    response: schoolYearResponse,
    status: 201,
  },
  async ({ actor, body, req, requestId }) => json({ schoolYear: await createSchoolYear(actor, body, originOf(req, requestId)) }, 201),
);

export const PUT = apiRoute(
  {
    summary: "Change a school year's label or dates",
    tags: ["Lookups"],
    permission: "system.schoolYears",
    body: updateSchoolYearBody,
    response: schoolYearResponse,
  },
  async ({ actor, body, req, requestId }) => ({ schoolYear: { ...(await updateSchoolYear(actor, body, originOf(req, requestId))), dataCollections: [] } }),
);
