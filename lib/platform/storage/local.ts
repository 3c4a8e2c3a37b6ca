import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError, notFound } from "../errors";
import { INVALID_KEY, UPLOAD_NOT_FOUND, checkPartList, normalizeKey, partSizeFor } from "./rules";
import { signedUrl } from "./signing";
import {
  DOWNLOAD_URL_TTL_SECONDS,
  MAX_PARTS,
  MIN_PART_SIZE,
  MiB,
  PART_URL_TTL_SECONDS,
  type CompletedPart,
  type ObjectBody,
  type Storage,
  type StoredObject,
} from "./types";

export const LOCAL_BUCKET = "local";
const PART_PATH = "/en/api/v1/storage/parts";
const DOWNLOAD_PATH = "/en/api/v1/storage/download";
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const PART_ALREADY_UPLOADED = "This part has already been uploaded";
export const PART_INCOMPLETE = "The part was not received completely";
export const partTooLarge = (size: number) => `The part is larger than its declared ${size} bytes`;

interface UploadMeta {
  key: string;
  contentType: string;
}

/**
 * Files on the local disk: `objects/<key>` with `meta/<key>.json` beside it, multipart parts staged
 * in `uploads/<uploadId>/<n>.<md5>.part` (the ETag travels in the name, so a part lands with one
 * atomic rename) and joined by streaming on completion. Signed URLs point at the app's own routes.
 */
export class LocalStorage implements Storage {
  readonly driver = "local" as const;
  readonly bucket = LOCAL_BUCKET;
  readonly maxPartSize: number;

  constructor(
    readonly root: string,
    private readonly configuredPartSize: number,
  ) {
    this.maxPartSize = Math.max(64 * MiB, configuredPartSize);
  }

  private inside(area: string, relative: string): string {
    const base = path.join(this.root, area);
    const full = path.resolve(base, relative);
    if (!full.startsWith(base + path.sep)) throw new AppError(400, INVALID_KEY);
    return full;
  }

  private objectPath = (key: string) => this.inside("objects", normalizeKey(key));
  private metaPath = (key: string) => this.inside("meta", `${normalizeKey(key)}.json`);

  private uploadDir(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw notFound(UPLOAD_NOT_FOUND);
    return this.inside("uploads", uploadId);
  }

  private async uploadMeta(key: string, uploadId: string): Promise<{ dir: string; meta: UploadMeta }> {
    const dir = this.uploadDir(uploadId);
    const meta = await readFile(path.join(dir, "upload.json"), "utf8").then(
      (text) => JSON.parse(text) as UploadMeta,
      () => null,
    );
    if (!meta || meta.key !== normalizeKey(key)) throw notFound(UPLOAD_NOT_FOUND);
    return { dir, meta };
  }

  /** Write to a temporary file in the same tree, then rename: readers never see half a file. */
  private async writeAtomically(target: string, write: (tmp: string) => Promise<void>): Promise<void> {
    const tmp = path.join(this.root, "tmp", randomBytes(12).toString("hex"));
    await mkdir(path.dirname(tmp), { recursive: true });
    try {
      await write(tmp);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmp, target);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async createMultipartUpload(input: { key: string; contentType: string; size?: number }) {
    const key = normalizeKey(input.key);
    const uploadId = randomBytes(16).toString("hex");
    const dir = this.uploadDir(uploadId);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "upload.json"), JSON.stringify({ key, contentType: input.contentType } satisfies UploadMeta));
    return { uploadId, bucket: this.bucket, s3FileName: key, partSize: partSizeFor(input.size, this.configuredPartSize) };
  }

  /** The URL carries the part's declared size (signed, like every parameter); the route enforces it. */
  async presignPart(input: { key: string; uploadId: string; partNumber: number; size: number; expiresIn?: number }) {
    const params = { key: normalizeKey(input.key), uploadId: input.uploadId, partNumber: String(input.partNumber), size: String(input.size) };
    return signedUrl("PUT", PART_PATH, params, input.expiresIn ?? PART_URL_TTL_SECONDS);
  }

  /**
   * Store one part of exactly `size` bytes from a request body stream; answers its quoted MD5 ETag,
   * as S3 does. A longer body is cut off at the first byte too many (413), a shorter one refused
   * (400). A part is stored once: a marker claimed before reading the body refuses a second PUT,
   * concurrent or later (409), and is released only when the attempt fails, so a retry can follow.
   */
  async writePart(input: { key: string; uploadId: string; partNumber: number; size: number }, body: Readable): Promise<{ etag: string }> {
    if (!Number.isInteger(input.partNumber) || input.partNumber < 1 || input.partNumber > MAX_PARTS) {
      throw new AppError(400, "Part number is out of range");
    }
    const expected = input.size;
    if (!Number.isSafeInteger(expected) || expected < 1 || expected > this.maxPartSize) throw new AppError(400, "The part size is not valid");
    const { dir } = await this.uploadMeta(input.key, input.uploadId);
    const claim = path.join(dir, `${input.partNumber}.claim`);
    await writeFile(claim, "", { flag: "wx" }).catch((error: NodeJS.ErrnoException) => {
      throw error.code === "EEXIST" ? new AppError(409, PART_ALREADY_UPLOADED) : error;
    });
    const hash = createHash("md5");
    let bytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        if (bytes > expected) return done(new AppError(413, partTooLarge(expected)));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const tmp = path.join(dir, `${input.partNumber}.${randomBytes(8).toString("hex")}.tmp`);
    try {
      await pipeline(body, meter, createWriteStream(tmp));
      if (bytes === 0) throw new AppError(400, "The part is empty");
      if (bytes < expected) throw new AppError(400, PART_INCOMPLETE);
      const md5 = hash.digest("hex");
      await rename(tmp, path.join(dir, `${input.partNumber}.${md5}.part`));
      return { etag: `"${md5}"` };
    } catch (error) {
      await rm(tmp, { force: true });
      await rm(claim, { force: true });
      throw error;
    }
  }

  async completeMultipartUpload(input: { key: string; uploadId: string; parts: CompletedPart[] }) {
    checkPartList(input.parts);
    const { dir, meta } = await this.uploadMeta(input.key, input.uploadId);
    const files: string[] = [];
    for (const [i, part] of input.parts.entries()) {
      const file = path.join(dir, `${part.PartNumber}.${part.ETag.replace(/"/g, "").toLowerCase()}.part`);
      const info = await stat(file).catch(() => null);
      if (!info) throw new AppError(400, `Part ${part.PartNumber} was not uploaded or its ETag does not match`);
      if (info.size < MIN_PART_SIZE && i < input.parts.length - 1) {
        throw new AppError(400, `Part ${part.PartNumber} is smaller than the minimum part size`);
      }
      files.push(file);
    }
    let size = 0;
    await this.writeAtomically(this.objectPath(meta.key), async (tmp) => {
      const out = createWriteStream(tmp);
      for (const file of files) await pipeline(createReadStream(file), out, { end: false });
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      size = out.bytesWritten;
    });
    await this.writeMeta(meta.key, meta.contentType);
    await rm(dir, { recursive: true, force: true });
    return { size };
  }

  async abortMultipartUpload(input: { key: string; uploadId: string }) {
    normalizeKey(input.key);
    await rm(this.uploadDir(input.uploadId), { recursive: true, force: true });
  }

  private async writeMeta(key: string, contentType: string) {
    const file = this.metaPath(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ contentType }));
  }

  async putObject(key: string, body: ObjectBody, contentType = "application/octet-stream") {
    await this.writeAtomically(this.objectPath(key), async (tmp) => {
      if (body instanceof Readable) await pipeline(body, createWriteStream(tmp));
      else await writeFile(tmp, body);
    });
    await this.writeMeta(normalizeKey(key), contentType);
  }

  async getObject(key: string): Promise<StoredObject> {
    // Opened once, then read from the handle: a file deleted meanwhile is a 404 here, never a
    // stream that fails (ENOENT) after the 200 has gone out.
    const handle = await open(this.objectPath(key)).catch(() => null);
    if (!handle) throw notFound("File not found");
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      throw notFound("File not found");
    }
    const meta = await readFile(this.metaPath(key), "utf8").then(
      (text) => JSON.parse(text) as { contentType?: string },
      () => ({ contentType: undefined }),
    );
    return { body: handle.createReadStream(), size: info.size, contentType: meta.contentType ?? "application/octet-stream" };
  }

  async presignDownload(key: string, options: { fileName?: string; expiresIn?: number } = {}) {
    const params: Record<string, string> = { key: normalizeKey(key) };
    if (options.fileName) params.fileName = options.fileName;
    return signedUrl("GET", DOWNLOAD_PATH, params, options.expiresIn ?? DOWNLOAD_URL_TTL_SECONDS);
  }

  async deleteObject(key: string) {
    await rm(this.objectPath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
  }

  async exists(key: string) {
    const info = await stat(this.objectPath(key)).catch(() => null);
    return Boolean(info?.isFile());
  }
}
