/* The evidence dialog's shapes; the limits are lib/scoring/evidence-limits.ts (zod-free), shared with the server. */
export {
  EVIDENCE_ACCEPT,
  isEvidenceFile,
  MAX_ARTIFACTS_PER_GRADE,
  MAX_EVIDENCE_BYTES,
  TOO_LARGE,
  TOO_MANY,
  TYPE_NOT_ALLOWED,
  baseType,
} from "@/lib/scoring/evidence-limits";

export interface Artifact {
  id: number;
  originalFileName: string;
  sizeBytes: number;
  contentType: string | null;
  createdAt: number;
  downloadUrl: string;
}
