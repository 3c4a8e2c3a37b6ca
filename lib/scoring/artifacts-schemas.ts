import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";
import { EVIDENCE_TYPES, MAX_ARTIFACTS_PER_GRADE, MAX_EVIDENCE_BYTES, TOO_LARGE, TOO_MANY, TYPE_NOT_ALLOWED, baseType } from "./evidence-limits";

export {
  EVIDENCE_TYPES,
  MAX_ARTIFACTS_PER_GRADE,
  MAX_EVIDENCE_BYTES,
  TOO_LARGE,
  TOO_MANY,
  TYPE_NOT_ALLOWED,
  UPLOAD_UNKNOWN,
  baseType,
} from "./evidence-limits";

const id = (label: string) => idSchema(`${label} must be a positive whole number`);

export const gradeParams = z.object({ id: id("Collection id"), gradeId: id("Grade id") });
export const artifactParams = gradeParams.extend({ artifactId: id("Artifact id") });

const evidenceFile = z.object({
  fileName: z
    .string({ error: "fileName is required" })
    .min(1, "fileName is required")
    .max(1024)
    .describe("The storage key the completed upload answered (s3FileName)"),
  originalFileName: z
    .string({ error: "originalFileName is required" })
    .trim()
    .min(1, "originalFileName is required")
    .max(255, "originalFileName may not exceed 255 characters"),
  sizeBytes: z
    .number({ error: "sizeBytes is required" })
    .int("sizeBytes must be a whole number of bytes")
    .positive("sizeBytes must be greater than 0")
    .max(MAX_EVIDENCE_BYTES, TOO_LARGE),
  contentType: z
    .string({ error: TYPE_NOT_ALLOWED })
    .max(255)
    .refine((v) => EVIDENCE_TYPES.includes(baseType(v)), TYPE_NOT_ALLOWED),
});

export const recordArtifactsInput = z.object({
  files: z.array(evidenceFile, { error: "files is required" }).min(1, "files is required").max(MAX_ARTIFACTS_PER_GRADE, TOO_MANY),
});
export type RecordArtifactsInput = z.infer<typeof recordArtifactsInput>;

/* Answers (response schemas). */

const artifact = z.object({
  id: z.number().int(),
  originalFileName: z.string(),
  sizeBytes: z.number().int(),
  contentType: z.string().nullable(),
  createdAt: z.number().int().describe("Unix seconds"),
  downloadUrl: z.string().describe("A short-lived signed URL answering the file's bytes as an attachment"),
});
export type Artifact = z.infer<typeof artifact>;

export const artifactsResponse = z.object({ artifacts: z.array(artifact) });
export const deleteArtifactResponse = z.object({ id: z.number().int().describe("The removed artifact") });
