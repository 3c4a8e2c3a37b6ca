import { apiRoute } from "@/lib/platform/api";
import { getDistrict } from "@/lib/organisations/queries";
import { idParams } from "@/lib/organisations/schemas";

export const GET = apiRoute({ params: idParams }, async ({ actor, params }) => ({ district: await getDistrict(actor, params.id) }));
