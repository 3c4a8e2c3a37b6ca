import { apiRoute, json } from "@/lib/platform/api";
import { listSchoolYears } from "@/lib/school-years/queries";
import { createSchoolYearBody, schoolYearResponse, schoolYearsResponse } from "@/lib/school-years/schemas";
import { createSchoolYear } from "@/lib/school-years/service";

export const GET = apiRoute(
  { summary: "Every school year, newest first, with the tenant's collections in each", tags: ["Lookups"], response: schoolYearsResponse },
  async ({ actor }) => ({ schoolYears: await listSchoolYears(actor) }),
);

export const POST = apiRoute(
  { summary: "Create a school year", tags: ["Lookups"], permission: "system.schoolYears", body: createSchoolYearBody, response: schoolYearResponse, status: 201 },
  async ({ actor, body }) =>
  json({ schoolYear: await createSchoolYear(actor, body) }, 201),
);
