import { AppError } from "../errors";
import { MAX_PARTS, MIN_PART_SIZE, MiB } from "./types";

export const INVALID_KEY = "Invalid file key";
export const UPLOAD_NOT_FOUND = "Upload not found";
const MAX_KEY_LENGTH = 1024;

/**
 * Validate and normalise an object key: relative, forward slashes only, no `.` or `..` segments,
 * no control characters. Duplicate slashes and `./` segments are collapsed; anything that could
 * leave the storage root is refused with a 400.
 */
export function normalizeKey(key: unknown): string {
  if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH) throw new AppError(400, INVALID_KEY);
  if (/[\u0000-\u001f\u007f\\]/.test(key) || key.startsWith("/") || /^[a-zA-Z]:/.test(key)) {
    throw new AppError(400, INVALID_KEY);
  }
  const segments = key.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.length === 0 || segments.includes("..") || key.endsWith("/")) throw new AppError(400, INVALID_KEY);
  return segments.join("/");
}

/** Every tenant's files live under this prefix; callers build keys with it. */
export function tenantPrefix(tenantId: number): string {
  return `tenants/${tenantId}/`;
}

export function isTenantKey(key: string, tenantId: number): boolean {
  return key.startsWith(tenantPrefix(tenantId));
}

/** A file name safe in a key and on any disk: letters, digits, dot, dash, underscore. */
export function safeFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(-120);
  return cleaned || "file";
}

/** S3 allows 10,000 parts: large files get larger parts, in whole MiB, never below the configured size. */
export function partSizeFor(size: number | undefined, configured: number): number {
  const base = Math.max(configured, MIN_PART_SIZE);
  if (!size) return base;
  const needed = Math.ceil(size / MAX_PARTS / MiB) * MiB;
  return Math.max(base, needed);
}

/** RFC 6266 attachment header with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** S3's rules for the part list of a completion: at least one, numbers ascending without repeats. */
export function checkPartList(parts: { PartNumber: number; ETag: string }[]): void {
  if (parts.length === 0) throw new AppError(400, "The parts list is empty");
  parts.forEach((p, i) => {
    if (!Number.isInteger(p.PartNumber) || p.PartNumber < 1 || p.PartNumber > MAX_PARTS) {
      throw new AppError(400, `Part number ${p.PartNumber} is out of range`);
    }
    if (i > 0 && p.PartNumber <= parts[i - 1].PartNumber) {
      throw new AppError(400, "Parts must be listed in ascending order of PartNumber");
    }
  });
}
