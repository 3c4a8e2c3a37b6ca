import { apiRoute } from "@/lib/platform/api";
import { publishInput, slotParams } from "@/lib/downloads/schemas";
import { publishDownload } from "@/lib/downloads/service";

/** Publish an uploaded file (id from complete-multipart-upload) in the slot; system admins only. */
export const PUT = apiRoute(
  { permission: "system.downloads", params: slotParams, body: publishInput.omit({ slot: true }) },
  async ({ actor, params, body }) => ({ download: await publishDownload(actor, { slot: params.slot, ...body }) }),
);
