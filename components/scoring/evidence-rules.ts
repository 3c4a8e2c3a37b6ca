/*
 * The evidence limits as the browser checks them before uploading (the server checks them again).
 * A copy of lib/scoring/artifacts-schemas.ts's constants: that module carries zod, whose schema
 * compiler probes eval, which the CSP refuses in the browser. Keep the two in step.
 */

export const EVIDENCE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/heic",
  "image/webp",
  "application/pdf",
  "audio/mpeg",
  "audio/mp4",
  "audio/wav",
  "video/mp4",
  "video/quicktime",
];
export const MAX_EVIDENCE_BYTES = 100 * 1024 * 1024;
export const MAX_ARTIFACTS_PER_GRADE = 20;

export const TYPE_NOT_ALLOWED = "File type not allowed: use a photo, PDF, audio or video file";
export const TOO_LARGE = "File is larger than 100 MB";
export const TOO_MANY = `A grade holds at most ${MAX_ARTIFACTS_PER_GRADE} files`;

/** The media type without parameters, lower-cased. */
export const baseType = (value: string) => value.split(";")[0].trim().toLowerCase();

export interface Artifact {
  id: number;
  originalFileName: string;
  sizeBytes: number;
  contentType: string | null;
  createdAt: number;
  downloadUrl: string;
}
