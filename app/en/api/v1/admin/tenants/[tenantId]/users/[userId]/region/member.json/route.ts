import { memberRoute } from "@/lib/organisations/member-route";

export const GET = memberRoute("region");
