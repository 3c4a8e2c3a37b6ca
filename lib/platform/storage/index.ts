import "server-only";
import path from "node:path";
import { env } from "../env";
import { LocalStorage } from "./local";
import { S3Storage } from "./s3";
import type { Storage } from "./types";

export { LocalStorage, LOCAL_BUCKET } from "./local";
export { S3Storage, type S3Config } from "./s3";
export { contentDisposition, isTenantKey, normalizeKey, safeFileName, tenantPrefix } from "./rules";
export type { CompletedPart, MultipartUpload, ObjectBody, Storage, StoredObject } from "./types";

const holder = globalThis as unknown as { __storage?: Storage };

/** The driver the environment selects: S3 when S3_BUCKET is set, else the local disk under DATA_DIR/files. */
function createStorage(): Storage {
  const e = env();
  if (e.S3_BUCKET) {
    return new S3Storage({
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      partSize: e.UPLOAD_PART_SIZE,
    });
  }
  return new LocalStorage(path.resolve(e.DATA_DIR, "files"), e.UPLOAD_PART_SIZE);
}

/** One storage per process; Next may load this module more than once, so it lives on globalThis. */
export function storage(): Storage {
  holder.__storage ??= createStorage();
  return holder.__storage;
}

/** Use another driver for this process (tests run both drivers in one file). */
export function installStorage(driver: Storage): void {
  holder.__storage = driver;
}

/** The first bytes of a stored object (a file's signature), without reading the rest. */
export async function readHead(key: string, bytes: number): Promise<Buffer> {
  const { body } = await storage().getObject(key);
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
    read += (chunk as Buffer).length;
    if (read >= bytes) break;
  }
  body.destroy();
  return Buffer.concat(chunks).subarray(0, bytes);
}
