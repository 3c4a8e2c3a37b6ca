/*
 * Evidence a teacher may attach to a grade (photos, PDFs, audio, video): the limits and their texts,
 * from the evidence upload purpose (lib/platform/storage/purposes.ts). No zod here: the evidence
 * dialog checks files with these in the browser, where zod's schema compiler would probe eval and
 * the CSP refuses it. The server checks them again (artifacts-schemas.ts, and the upload itself).
 */
import { EVIDENCE_RULE, baseType, refusalOf } from "@/lib/platform/storage/purposes";

export { baseType };
export const EVIDENCE_TYPES: readonly string[] = EVIDENCE_RULE.kinds.flatMap((k) => k.types);
/** The file input's accept list: the types and the name endings. */
export const EVIDENCE_ACCEPT = [...EVIDENCE_TYPES, ...EVIDENCE_RULE.kinds.flatMap((k) => k.extensions)].join(",");
export const MAX_EVIDENCE_BYTES = EVIDENCE_RULE.maxBytes;
export const MAX_ARTIFACTS_PER_GRADE = 20;

export const TYPE_NOT_ALLOWED = EVIDENCE_RULE.typeMessage;
export const TOO_LARGE = EVIDENCE_RULE.sizeMessage;
export const TOO_MANY = `A grade holds at most ${MAX_ARTIFACTS_PER_GRADE} files`;
export const UPLOAD_UNKNOWN = "Uploaded file not found: upload it again";

/** Whether the evidence upload takes a file of this name and declared type (its name ending and type agree). */
export const isEvidenceFile = (fileName: string, type: string) => refusalOf("evidence", { fileName, contentType: type, size: 0 }) === null;
