import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { settingsResponse, settingsSaved, settingsView } from "@/lib/edfi/schemas";
import { edfiSettingsSchema } from "@/lib/edfi/settings";
import { getEdfiSettings, saveEdfiSettings } from "@/lib/edfi/settings-service";

const doc = { tags: ["Reports"], permission: "results.edfiSettings" as const };

export const GET = apiRoute(
  { ...doc, summary: "The state's Ed-Fi settings with their defaults: namespace, grade level, academic subject per domain", response: settingsResponse },
  async ({ actor }) => getEdfiSettings(actor),
);

export const PUT = apiRoute(
  {
    ...doc,
    summary: "Change the state's Ed-Fi settings it names (namespace, grade level, academic subjects per domain code); the same settings again write nothing",
    body: edfiSettingsSchema,
    response: settingsSaved,
    reads: settingsView,
  },
  async ({ actor, body, req, requestId }) => saveEdfiSettings(actor, body, originOf(req, requestId)),
);
