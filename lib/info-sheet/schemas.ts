import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

/** POST /info-sheet: publish one's completed upload (purpose tenant-resource) as the tenant's info sheet. */
export const publishInfoSheetBody = z.object({ fileId: idSchema("Must be a positive whole number") });

export const infoSheetResponse = z.object({ size: z.number().int().describe("Bytes of the published PDF") });
