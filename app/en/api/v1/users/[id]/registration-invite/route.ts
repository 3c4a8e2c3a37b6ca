import { z } from "zod";
import { sendRegistrationInvite } from "@/lib/auth/recovery";
import { apiRoute } from "@/lib/platform/api";

const params = z.object({ id: z.coerce.number({ error: "User id is required" }).int("User id is required").positive("User id is required") });

/** POST /users/{id}/registration-invite: (re)send the 7-day link that lets a person choose their password. */
export const POST = apiRoute({ permission: "users.invite", params }, async ({ actor, params }) => sendRegistrationInvite(actor, params.id));
