"use server";

import { action } from "@/lib/platform/action";
import { publishInput } from "@/lib/downloads/schemas";
import { publishDownload } from "@/lib/downloads/service";

/** The downloads page's publish step, after the file is uploaded through the multipart protocol. */
export const publishDownloadAction = action({ input: publishInput, permission: "system.downloads" }, (actor, input) => publishDownload(actor, input));
