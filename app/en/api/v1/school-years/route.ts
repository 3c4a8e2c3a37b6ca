import { apiRoute, json } from "@/lib/platform/api";
import { listSchoolYears } from "@/lib/school-years/queries";
import { createSchoolYearBody } from "@/lib/school-years/schemas";
import { createSchoolYear } from "@/lib/school-years/service";

export const GET = apiRoute({}, async ({ actor }) => ({ schoolYears: await listSchoolYears(actor) }));

export const POST = apiRoute({ permission: "system.schoolYears", body: createSchoolYearBody }, async ({ actor, body }) =>
  json({ schoolYear: await createSchoolYear(actor, body) }, 201),
);
