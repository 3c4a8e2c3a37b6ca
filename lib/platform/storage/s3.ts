import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { AppError, notFound } from "../errors";
import { UPLOAD_NOT_FOUND, checkPartList, contentDisposition, normalizeKey, partSizeFor } from "./rules";
import { DOWNLOAD_URL_TTL_SECONDS, PART_URL_TTL_SECONDS, type CompletedPart, type ObjectBody, type Storage, type StoredObject } from "./types";

export interface S3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  partSize: number;
}

const statusOf = (error: unknown) => (error as S3ServiceException)?.$metadata?.httpStatusCode;

/** S3's refusals of a completion are the client's fault: answer them as 400/404, not 500. */
function completionError(error: unknown): unknown {
  if (!(error instanceof S3ServiceException)) return error;
  if (error.name === "NoSuchUpload") return notFound(UPLOAD_NOT_FOUND);
  if (["InvalidPart", "InvalidPartOrder", "EntityTooSmall"].includes(error.name)) {
    return new AppError(400, `The upload could not be completed: ${error.message}`);
  }
  return error;
}

/** Amazon S3 or any S3-compatible server (MinIO, Ceph, s3rver), with presigned multipart uploads. */
export class S3Storage implements Storage {
  readonly driver = "s3" as const;
  readonly bucket: string;
  readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // The SDK's default checksums would sign a checksum of an empty body into presigned part URLs.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async createMultipartUpload(input: { key: string; contentType: string; size?: number }) {
    const key = normalizeKey(input.key);
    const out = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: input.contentType }));
    if (!out.UploadId) throw new Error("S3 returned no UploadId");
    return { uploadId: out.UploadId, bucket: this.bucket, s3FileName: key, partSize: partSizeFor(input.size, this.config.partSize) };
  }

  /** Content-Length is a signed header of the URL: S3 refuses a body of any other size. */
  presignPart(input: { key: string; uploadId: string; partNumber: number; size: number; expiresIn?: number }) {
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: normalizeKey(input.key),
      UploadId: input.uploadId,
      PartNumber: input.partNumber,
      ContentLength: input.size,
    });
    return getSignedUrl(this.client, command, { expiresIn: input.expiresIn ?? PART_URL_TTL_SECONDS });
  }

  async completeMultipartUpload(input: { key: string; uploadId: string; parts: CompletedPart[] }) {
    checkPartList(input.parts);
    const key = normalizeKey(input.key);
    await this.client
      .send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: input.uploadId, MultipartUpload: { Parts: input.parts } }))
      .catch((error) => Promise.reject(completionError(error)));
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    return { size: head.ContentLength ?? 0 };
  }

  async abortMultipartUpload(input: { key: string; uploadId: string }) {
    const command = new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: normalizeKey(input.key), UploadId: input.uploadId });
    await this.client.send(command).catch((error) => {
      if (statusOf(error) !== 404) throw error;
    });
  }

  async putObject(key: string, body: ObjectBody, contentType = "application/octet-stream") {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: normalizeKey(key), Body: body, ContentType: contentType }));
  }

  async getObject(key: string): Promise<StoredObject> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: normalizeKey(key) }));
      return { body: out.Body as Readable, size: out.ContentLength ?? 0, contentType: out.ContentType ?? "application/octet-stream" };
    } catch (error) {
      if (statusOf(error) === 404) throw notFound("File not found");
      throw error;
    }
  }

  presignDownload(key: string, options: { fileName?: string; expiresIn?: number } = {}) {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: normalizeKey(key),
      ResponseContentDisposition: options.fileName ? contentDisposition(options.fileName) : undefined,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresIn ?? DOWNLOAD_URL_TTL_SECONDS });
  }

  async deleteObject(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: normalizeKey(key) }));
  }

  async exists(key: string) {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: normalizeKey(key) }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  }
}
