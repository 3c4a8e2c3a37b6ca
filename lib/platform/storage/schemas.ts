import { z } from "zod";
import { FILE_PURPOSES } from "@/db/schema/files";

/** The largest file the multipart protocol accepts. */
const MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;

/** NUL and the other control characters: PostgreSQL refuses NUL in text, and none belongs in these fields. */
const CONTROL = /[\u0000-\u001f\u007f]/;
const printable = (schema: z.ZodString, label: string) => schema.refine((v) => !CONTROL.test(v), `${label} may not contain control characters`);

export const createUploadInput = z.object({
  fileName: printable(
    z.string({ error: "File name is required" }).trim().min(1, "File name is required").max(255, "File name may not exceed 255 characters"),
    "File name",
  ),
  contentType: z
    .string()
    .trim()
    .max(255)
    .regex(/^[\w.+-]+\/[\w.+-]+(\s*;[^\u0000-\u001f\u007f]*)?$/, "Content type is not valid")
    .default("application/octet-stream"),
  size: z
    .number({ error: "File size is required" })
    .int("File size must be a whole number of bytes")
    .positive("File size must be greater than 0")
    .max(MAX_UPLOAD_BYTES, "File size may not exceed 2 GiB"),
  purpose: z.enum(FILE_PURPOSES, { error: "Unknown file purpose" }),
});
export type CreateUploadInput = z.infer<typeof createUploadInput>;

export const completeUploadInput = z.object({
  s3FileName: printable(z.string({ error: "s3FileName is required" }).min(1, "s3FileName is required").max(1024), "s3FileName"),
  bucket: printable(z.string({ error: "bucket is required" }).min(1, "bucket is required").max(255), "bucket"),
  uploadId: printable(z.string({ error: "uploadId is required" }).min(1, "uploadId is required").max(1024), "uploadId"),
  parts: z
    .array(
      z.object({
        ETag: printable(z.string({ error: "ETag is required" }).min(1, "ETag is required").max(200), "ETag"),
        PartNumber: z.number({ error: "PartNumber is required" }).int().min(1).max(10_000),
      }),
      { error: "parts is required" },
    )
    .min(1, "The parts list is empty")
    .max(10_000),
});
export type CompleteUploadInput = z.infer<typeof completeUploadInput>;

/* Answers (response schemas). */

export const createUploadResponse = z.object({
  id: z.number().int().describe("The file's id (publish it, attach it)"),
  uploadId: z.string(),
  bucket: z.string(),
  s3FileName: z.string().describe("The object key the server chose"),
  partSize: z.number().int().describe("Bytes per part; the last part takes the remainder"),
  parts: z.array(z.object({ partNumber: z.number().int(), url: z.string().describe("PUT the part's bytes here; keep the ETag header") })),
});

export const completeUploadResponse = z.object({ id: z.number().int(), s3FileName: z.string(), bucket: z.string(), size: z.number().int() });
