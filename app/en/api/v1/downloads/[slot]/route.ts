import { apiRoute } from "@/lib/platform/api";
import { downloadResponse, publishInput, slotParams } from "@/lib/downloads/schemas";
import { publishDownload } from "@/lib/downloads/service";

/** Publish an uploaded file (id from complete-multipart-upload) in the slot; system admins only. */
export const PUT = apiRoute(
  {
    summary: "Publish an uploaded file in a download slot, replacing what was there",
    tags: ["Files"],
    permission: "system.downloads",
    params: slotParams,
    body: publishInput.omit({ slot: true }),
    response: downloadResponse,
  },
  async ({ actor, params, body }) => ({ download: await publishDownload(actor, { slot: params.slot, ...body }) }),
);
