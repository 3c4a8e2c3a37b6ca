import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";
import { DOWNLOAD_SLOTS } from "./slots";

export const slotParams = z.object({ slot: z.enum(DOWNLOAD_SLOTS, { error: "Unknown download" }) });

/** Publish an uploaded file (from the multipart protocol) in a slot. */
export const publishInput = z.object({
  slot: z.enum(DOWNLOAD_SLOTS, { error: "Unknown download" }),
  fileId: idSchema("File id is required"),
  version: z
    .string({ error: "Version must be text" })
    .trim()
    .max(40, "Version must be at most 40 characters")
    .regex(/^[\w.+ -]*$/, "Version may hold letters, digits, spaces, dots, dashes and plus signs")
    .nullish()
    .transform((v) => v || null),
});
export type PublishInput = z.input<typeof publishInput>;

/* Answers (response schemas). */

const downloadEntry = z.object({
  slot: z.enum(DOWNLOAD_SLOTS),
  title: z.string(),
  description: z.string(),
  platform: z.string(),
  group: z.enum(["apps", "file-watcher"]),
  extensions: z.array(z.string()).readonly(),
  file: z
    .object({ fileName: z.string(), size: z.number().int(), contentType: z.string(), version: z.string().nullable(), publishedAt: z.iso.datetime() })
    .nullable()
    .describe("null: nothing published yet (Not yet available)"),
});
export const downloadsResponse = z.object({ downloads: z.array(downloadEntry) });
export const downloadResponse = z.object({ download: downloadEntry });
