/*
 * Evidence a teacher may attach to a grade (photos, PDFs, audio, video): the limits and their texts.
 * No zod here: the evidence dialog checks files with these in the browser, where zod's schema
 * compiler would probe eval and the CSP refuses it. The server checks them again
 * (artifacts-schemas.ts).
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
] as const;
export const MAX_EVIDENCE_BYTES = 100 * 1024 * 1024;
export const MAX_ARTIFACTS_PER_GRADE = 20;

export const TYPE_NOT_ALLOWED = "File type not allowed: use a photo, PDF, audio or video file";
export const TOO_LARGE = "File is larger than 100 MB";
export const TOO_MANY = `A grade holds at most ${MAX_ARTIFACTS_PER_GRADE} files`;
export const UPLOAD_UNKNOWN = "Uploaded file not found: upload it again";

/** The media type without parameters, lower-cased: "image/JPEG; x=1" is image/jpeg. */
export const baseType = (value: string) => value.split(";")[0].trim().toLowerCase();
