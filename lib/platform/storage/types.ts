import type { Readable } from "node:stream";

export interface CompletedPart {
  ETag: string;
  PartNumber: number;
}

export interface MultipartUpload {
  uploadId: string;
  bucket: string;
  /** The object key, named as the spec names it. */
  s3FileName: string;
  partSize: number;
}

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

export type ObjectBody = Buffer | Uint8Array | string | Readable;

/** One interface over S3 and the local disk; keys are validated by every method. */
export interface Storage {
  readonly driver: "s3" | "local";
  readonly bucket: string;
  createMultipartUpload(input: { key: string; contentType: string; size?: number }): Promise<MultipartUpload>;
  /** A URL for one PUT of exactly `size` bytes (the part's declared size) to this part. */
  presignPart(input: { key: string; uploadId: string; partNumber: number; size: number; expiresIn?: number }): Promise<string>;
  /** Joins the parts into the object and answers its size in bytes. */
  completeMultipartUpload(input: { key: string; uploadId: string; parts: CompletedPart[] }): Promise<{ size: number }>;
  abortMultipartUpload(input: { key: string; uploadId: string }): Promise<void>;
  putObject(key: string, body: ObjectBody, contentType?: string): Promise<void>;
  /** The object as a stream; throws a 404 AppError when missing. */
  getObject(key: string): Promise<StoredObject>;
  presignDownload(key: string, options?: { fileName?: string; expiresIn?: number }): Promise<string>;
  deleteObject(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export const MiB = 1024 * 1024;
/** S3's rules, applied by both drivers so they behave alike. */
export const MIN_PART_SIZE = 5 * MiB;
export const MAX_PARTS = 10_000;
export const PART_URL_TTL_SECONDS = 4 * 3600;
export const DOWNLOAD_URL_TTL_SECONDS = 15 * 60;
